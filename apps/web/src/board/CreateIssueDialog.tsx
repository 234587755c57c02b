import { CLOSED_PIPELINE_ID, issueTitleError } from "@gantry/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { DraftLabelSuggestions } from "../ai/labels/DraftLabelSuggestions";
import { useRuntimeConfig } from "../app/runtime-config";
import { Modal } from "../ui/dialog/Modal";
import { FormActions } from "../ui/FormActions";
import { FormRow } from "../ui/FormRow";
import formStyles from "../ui/form.module.css";
import { SelectField } from "../ui/SelectField";
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
        <FormRow label="Repository">
          {(control) =>
            repositories.isError ? (
              <p className={formStyles.error} role="alert">
                We couldn't load the repositories: {repositories.error.message}
              </p>
            ) : (
              <select
                id={control.id}
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
            )
          }
        </FormRow>
        <FormRow label="Title" error={showTitleError ? titleError : null}>
          {(control) => (
            <input
              {...control}
              className={formStyles.input}
              autoComplete="off"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </FormRow>
        <FormRow label="Description">
          {(control) => (
            <textarea
              {...control}
              className={`${formStyles.textarea} ${styles.body}`}
              placeholder="Markdown is supported"
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          )}
        </FormRow>
        <DraftLabelSuggestions
          workspaceId={workspaceId}
          title={title}
          body={body}
          labels={labels}
          onLabelsChange={setLabels}
        />
        <SelectField
          label="Pipeline"
          help="The issue goes to the top of this pipeline."
          value={pipelineId}
          choices={openPipelines.map((pipeline) => ({ value: pipeline.id, label: pipeline.name }))}
          onChange={setPipelineId}
        />
        <FormActions submitText="Create issue" onCancel={onClose} disabled={!chosen} />
      </form>
    </Modal>
  );
}
