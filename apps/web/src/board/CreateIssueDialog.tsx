import { CLOSED_PIPELINE_ID, issueTitleError } from "@gantry/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { DraftLabelSuggestions } from "../ai/labels/DraftLabelSuggestions";
import { useRuntimeConfig } from "../app/runtime-config";
import { Button } from "../ui/Button";
import { Modal } from "../ui/dialog/Modal";
import formStyles from "../ui/form.module.css";
import { useToasts } from "../ui/toast/toast-context";
import { type BoardPipeline, boardPipelinesKey } from "./api";
import { optimisticIssueAdded, optimisticIssueRemoved, optimisticIssueReplaced } from "./board-issues-slice";
import { lastCreatedIssueTypeSet } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";
import styles from "./CreateIssueDialog.module.css";
import { type RepositoryOption, useCreateIssueRequest, useRepositoryOptions } from "./create-issue-api";
import { optimisticIssue } from "./optimistic-issue";

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
  const [labels, setLabels] = useState<string[]>([]);
  const [pipelineId, setPipelineId] = useState(openPipelines[0]?.id ?? "");
  const [showTitleError, setShowTitleError] = useState(false);
  const toasts = useToasts();
  const chosen = repositories.data?.find((repository) => repository.id === repositoryId) ?? remembered ?? null;
  const titleError = issueTitleError(title);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowTitleError(true);
    if (titleError || !chosen || !pipelineId) return;
    // The card is on the board at once (SPEC §9 optimistic ids); the dialog closes and the server's
    // answer replaces the card, or takes it away with the reason.
    const optimistic = optimisticIssue(title, chosen);
    dispatch(optimisticIssueAdded({ issue: optimistic, pipelineId }));
    onClose();
    try {
      const { place, ...issue } = await createIssue({ repositoryId: chosen.id, title, body, labels, pipelineId });
      dispatch(
        optimisticIssueReplaced({ optimisticId: optimistic.id, issue, pipelineId: place?.pipeline.id ?? pipelineId }),
      );
      dispatch(lastCreatedIssueTypeSet(chosen.ghId === null ? "ISSUE" : "GITHUB_ISSUE"));
      void queryClient.invalidateQueries({ queryKey: boardPipelinesKey(workspaceId) });
    } catch (error) {
      dispatch(optimisticIssueRemoved(optimistic.id));
      const reason = error instanceof Error ? error.message : String(error);
      toasts.show({ kind: "error", message: `We couldn't create the issue “${optimistic.title}”: ${reason}` });
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
        <DraftLabelSuggestions
          workspaceId={workspaceId}
          title={title}
          body={body}
          labels={labels}
          onLabelsChange={setLabels}
        />
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
        <div className={formStyles.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={!chosen}>
            Create issue
          </Button>
        </div>
      </form>
    </Modal>
  );
}
