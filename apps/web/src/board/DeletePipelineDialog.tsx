import { useId, useState } from "react";
import { ConfirmationDialog } from "../ui/dialog/ConfirmationDialog";
import form from "../ui/form.module.css";
import type { BoardPipeline } from "./api";
import { pipelinesKept } from "./board-issues-slice";
import { pipelineReloadMarked } from "./board-slice";
import { useBoardDispatch } from "./board-store";
import { usePipelineEditing } from "./pipeline-editing";

/** Deleting a pipeline asks where its issues go, and for its name typed out (SPEC §2, §5). */
export function DeletePipelineDialog({ pipeline, onClose }: { pipeline: BoardPipeline; onClose: () => void }) {
  const { pipelines, requests, run } = usePipelineEditing();
  const dispatch = useBoardDispatch();
  const others = pipelines.filter((candidate) => candidate.id !== pipeline.id);
  const [destination, setDestination] = useState(others[0]?.id ?? "");
  const selectId = useId();
  const issueCount = pipeline.issueCounts.issuesCount + pipeline.issueCounts.pullRequestsCount;

  const confirm = async () => {
    onClose();
    const deleted = await run(() => requests.remove(pipeline.id, destination));
    if (!deleted) return;
    dispatch(pipelinesKept(others.map((other) => other.id)));
    dispatch(pipelineReloadMarked(destination));
  };

  return (
    <ConfirmationDialog
      title={`Delete pipeline ${pipeline.name}?`}
      danger
      confirmText="Delete pipeline"
      body={
        <div className={form.form}>
          <p className={form.hint}>
            {issueCount === 1 ? "Its 1 issue moves" : `Its ${issueCount} issues move`} to the bottom of the pipeline you
            choose, in their order. This cannot be undone.
          </p>
          <div className={form.field}>
            <label className={form.label} htmlFor={selectId}>
              Move its issues to
            </label>
            <select
              id={selectId}
              className={form.select}
              value={destination}
              onChange={(event) => setDestination(event.target.value)}
            >
              {others.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      }
      typeToConfirm={{ answer: pipeline.name, label: `Type ${pipeline.name} to confirm` }}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
