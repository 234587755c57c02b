import { CLOSED_PIPELINE_ID } from "@gantry/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useStore } from "react-redux";
import { Button } from "../ui/Button";
import { Modal } from "../ui/dialog/Modal";
import form from "../ui/form.module.css";
import { type BoardPipeline, boardPipelinesKey } from "./api";
import { BulkActionFields, type BulkModalKind } from "./BulkActionFields";
import styles from "./BulkActions.module.css";
import {
  bulkActionEnded,
  bulkActionModalSet,
  bulkActionStarted,
  issuesUnselected,
  pipelineReloadMarked,
} from "./board-slice";
import type { BoardRootState } from "./board-store";
import { BULK_CHUNK_SIZE, type BulkOutcome, chunksToSend, runInChunks } from "./bulk-chunks";
import { type BulkAction, useBulkRequest } from "./bulk-requests";

const TITLES: Record<BulkModalKind, (count: string) => string> = {
  move: (count) => `Move ${count}`,
  labels: (count) => `Labels of ${count}`,
  assignees: (count) => `Assignees of ${count}`,
  milestone: (count) => `Milestone of ${count}`,
  close: (count) => `Close ${count}`,
  estimate: (count) => `Estimate of ${count}`,
  sprint: (count) => `Sprints of ${count}`,
  epic: (count) => `Epics of ${count}`,
  delete: (count) => `Delete ${count}`,
};

const issuesText = (count: number) => (count === 1 ? "1 issue" : `${count} issues`);

/** The selected issues in board order: pipeline by pipeline, top to bottom. */
function selectionInBoardOrder(state: BoardRootState, pipelines: BoardPipeline[]): string[] {
  const selected = new Set(state.board.selectedIssueIds);
  const ordered = pipelines.flatMap((pipeline) =>
    (state.boardIssues.pipelineIssueIds[pipeline.id] ?? []).filter((id) => selected.has(id)),
  );
  return [...ordered, ...state.board.selectedIssueIds.filter((id) => !ordered.includes(id))];
}

interface BulkActionModalProps {
  kind: BulkModalKind;
  workspaceId: string;
  pipelines: BoardPipeline[];
}

/**
 * SPEC §2 "Bulk actions open a bulk action modal": the action's options, then its progress in
 * requests of 25 ("N of M"), then what failed and why. The affected pipelines are read again.
 */
export function BulkActionModal({ kind, workspaceId, pipelines }: BulkActionModalProps) {
  const store = useStore<BoardRootState>();
  const queryClient = useQueryClient();
  const send = useBulkRequest(workspaceId);
  const [issueIds] = useState(() => selectionInBoardOrder(store.getState(), pipelines));
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const formId = useId();
  const running = progress !== null && outcome === null;
  const close = () => store.dispatch(bulkActionModalSet(null));

  const start = async (action: BulkAction) => {
    const actionId = `${action.kind}-${Date.now()}`;
    const { pipelineIssueIds } = store.getState().boardIssues;
    const sources = Object.keys(pipelineIssueIds).filter((id) =>
      pipelineIssueIds[id]?.some((issueId) => issueIds.includes(issueId)),
    );
    setProgress(0);
    store.dispatch(bulkActionStarted({ actionId, issueIds }));
    const chunks = chunksToSend(issueIds, BULK_CHUNK_SIZE, action.kind === "move" && action.position === "START");
    const result = await runInChunks(chunks, (chunk) => send(action, chunk), setProgress);
    store.dispatch(bulkActionEnded({ actionId, issueIds }));
    store.dispatch(issuesUnselected(result.succeeded));
    const target = action.kind === "move" ? action.pipelineId : action.kind === "close" ? CLOSED_PIPELINE_ID : null;
    for (const pipelineId of new Set([...sources, ...(target ? [target] : [])])) {
      store.dispatch(pipelineReloadMarked(pipelineId));
    }
    await queryClient.invalidateQueries({ queryKey: boardPipelinesKey(workspaceId) });
    setOutcome(result);
  };

  const onSubmit = (action: BulkAction) => void start(action);
  const title = TITLES[kind](issuesText(issueIds.length));
  const failures = outcome ? Object.entries(outcome.failures) : [];
  const byId = store.getState().boardIssues.byId;

  return (
    <Modal title={title} onDismiss={() => (running ? undefined : close())} width="medium">
      {progress === null ? (
        <BulkActionFields
          formId={formId}
          kind={kind}
          workspaceId={workspaceId}
          pipelines={pipelines}
          issueIds={issueIds}
          onSubmit={onSubmit}
          onCancel={close}
        />
      ) : (
        <div className={styles.progress}>
          <progress className={styles.bar} max={issueIds.length} value={progress} aria-label="Progress" />
          <p role="status">
            {outcome
              ? `Done: ${outcome.succeeded.length} of ${issueIds.length} ${issueIds.length === 1 ? "issue" : "issues"} changed.`
              : `${progress} of ${issueIds.length}`}
          </p>
          {failures.length > 0 ? (
            <div className={styles.failures}>
              <p className={form.error}>
                {failures.length === 1 ? "1 issue failed:" : `${failures.length} issues failed:`}
              </p>
              <ul aria-label="Failed issues">
                {failures.map(([id, reason]) => {
                  const issue = byId[id];
                  return (
                    <li key={id}>
                      {issue ? `#${issue.number} ${issue.title}` : "An issue"}: {reason}
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
          <div className={form.actions}>
            <Button variant="primary" disabled={running} onClick={close}>
              {running ? "Working…" : "Done"}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
