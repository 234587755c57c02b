import { CLOSED_PIPELINE_ID, issueTitleError } from "@gantry/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useRuntimeConfig } from "../app/runtime-config";
import { Button } from "../ui/Button";
import { Modal } from "../ui/dialog/Modal";
import formStyles from "../ui/form.module.css";
import { type BoardPipeline, boardPipelinesKey } from "./api";
import { boardEventReceived } from "./board-events";
import { lastCreatedIssueTypeSet } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";
import styles from "./CreateIssueDialog.module.css";
import { type RepositoryOption, useCreateIssueRequest, useRepositoryOptions } from "./create-issue-api";

interface CreateIssueDialogProps {
  workspaceId: string;
  pipelines: BoardPipeline[];
  onClose: () => void;
}

const repositoryLabel = (repository: RepositoryOption, productName: string) =>
  repository.ghId === null
    ? `${repository.ownerName}/${repository.name} (${productName} issue)`
    : `${repository.ownerName}/${repository.name}`;

/** "New issue": a native issue in the workspace's Gantry repository, or one on a connected GitHub repository. */
export function CreateIssueDialog({ workspaceId, pipelines, onClose }: CreateIssueDialogProps) {
  const { productName } = useRuntimeConfig();
  const ids = { repository: useId(), title: useId(), body: useId(), pipeline: useId() };
  const dispatch = useBoardDispatch();
  const queryClient = useQueryClient();
  const lastCreatedIssueType = useBoardSelector((state) => state.board.lastCreatedIssueType);
  const repositories = useRepositoryOptions(workspaceId);
  const createIssue = useCreateIssueRequest(workspaceId);
  const openPipelines = pipelines.filter((pipeline) => pipeline.id !== CLOSED_PIPELINE_ID);

  const remembered =
    lastCreatedIssueType === "GITHUB_ISSUE"
      ? repositories.data?.find((repository) => repository.ghId !== null)
      : repositories.data?.[0];
  const [repositoryId, setRepositoryId] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [pipelineId, setPipelineId] = useState(openPipelines[0]?.id ?? "");
  const [showTitleError, setShowTitleError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const chosen = repositories.data?.find((repository) => repository.id === repositoryId) ?? remembered ?? null;
  const titleError = issueTitleError(title);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowTitleError(true);
    if (titleError || !chosen || !pipelineId) return;
    setSaving(true);
    setFailure(null);
    try {
      const { place, ...issue } = await createIssue({ repositoryId: chosen.id, title, body, pipelineId });
      // The card goes on top at once; the server's own event for it lands in the same place.
      dispatch(
        boardEventReceived({
          __typename: "IssuesMovedEvent",
          clientMutationId: null,
          placements: [{ issueId: issue.id, pipelineId: place?.pipeline.id ?? pipelineId, position: 0, issue }],
        }),
      );
      dispatch(lastCreatedIssueTypeSet(chosen.ghId === null ? "ISSUE" : "GITHUB_ISSUE"));
      void queryClient.invalidateQueries({ queryKey: boardPipelinesKey(workspaceId) });
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setSaving(false);
    }
  };

  return (
    <Modal title="New issue" onDismiss={onClose} width="wide">
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={ids.repository}>
            Repository
          </label>
          {repositories.isError ? (
            <p className={formStyles.error} role="alert">
              We couldn't load the repositories: {repositories.error.message}
            </p>
          ) : (
            <select
              id={ids.repository}
              className={formStyles.select}
              value={chosen?.id ?? ""}
              disabled={!repositories.data}
              onChange={(event) => setRepositoryId(event.target.value)}
            >
              {(repositories.data ?? []).map((repository) => (
                <option key={repository.id} value={repository.id}>
                  {repositoryLabel(repository, productName)}
                </option>
              ))}
            </select>
          )}
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={ids.title}>
            Title
          </label>
          <input
            id={ids.title}
            className={formStyles.input}
            autoComplete="off"
            value={title}
            aria-invalid={showTitleError && titleError !== null}
            aria-describedby={showTitleError && titleError ? `${ids.title}-error` : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
          {showTitleError && titleError ? (
            <p id={`${ids.title}-error`} className={formStyles.error} role="alert">
              {titleError}
            </p>
          ) : null}
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={ids.body}>
            Description
          </label>
          <textarea
            id={ids.body}
            className={`${formStyles.textarea} ${styles.body}`}
            placeholder="Markdown is supported"
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={ids.pipeline}>
            Pipeline
          </label>
          <select
            id={ids.pipeline}
            className={formStyles.select}
            value={pipelineId}
            onChange={(event) => setPipelineId(event.target.value)}
          >
            {openPipelines.map((pipeline) => (
              <option key={pipeline.id} value={pipeline.id}>
                {pipeline.name}
              </option>
            ))}
          </select>
          <p className={formStyles.hint}>The issue goes to the top of this pipeline.</p>
        </div>
        {failure ? (
          <p className={formStyles.error} role="alert">
            We couldn't create the issue: {failure}
          </p>
        ) : null}
        <div className={formStyles.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={isSaving || !chosen}>
            {isSaving ? "Creating…" : "Create issue"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
