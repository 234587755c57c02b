import { ChecklistIcon } from "@primer/octicons-react";
import { Suspense } from "react";
import { Button } from "../ui/Button";
import { lazyNamed } from "../ui/lazy-named";
import { Toolbar } from "../ui/Toolbar";
import type { BoardPipeline } from "./api";
import type { BulkModalKind } from "./BulkActionFields";
import bulk from "./BulkActions.module.css";
import { useBoardActions } from "./board-actions";
import { bulkActionModalSet, quickActionSelectionModeSet, selectionCleared } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";

/** Each opens its modal (hence the ellipsis, which also sets them apart from the filter bar's buttons). */
const ACTIONS: { kind: BulkModalKind; label: string }[] = [
  { kind: "move", label: "Move…" },
  { kind: "labels", label: "Labels…" },
  { kind: "assignees", label: "Assignees…" },
  { kind: "milestone", label: "Milestone…" },
  { kind: "close", label: "Close…" },
  { kind: "estimate", label: "Estimate…" },
  { kind: "sprint", label: "Sprint…" },
  { kind: "epic", label: "Epic…" },
  { kind: "delete", label: "Delete…" },
];

/** The modals and their requests are read when one is first opened, not with the board (B3). */
const BulkActionModal = lazyNamed(() => import("./BulkActionModal"), "BulkActionModal");

const isBulkModalKind = (value: string | null): value is BulkModalKind =>
  ACTIONS.some((action) => action.kind === value);

/**
 * Selection (SPEC §2): the quick-action selection mode (a checkbox on every card, a click
 * selects), how many cards are selected (also by Ctrl, Cmd or Shift and click), the bulk
 * actions for them, and a way to clear them.
 */
export function SelectionBar({ workspaceId, pipelines }: { workspaceId: string; pipelines: BoardPipeline[] }) {
  const count = useBoardSelector((state) => state.board.selectedIssueIds.length);
  // Only Gantry's own issues can be deleted; GitHub issues are closed instead.
  const allNative = useBoardSelector((state) =>
    state.board.selectedIssueIds.every((id) => state.boardIssues.byId[id]?.type === "GantryIssue"),
  );
  const isSelectionMode = useBoardSelector((state) => state.board.isQuickActionSelectionMode);
  const openModal = useBoardSelector((state) => state.board.activeBulkActionModal);
  const isRunning = useBoardSelector((state) => state.board.pendingBulkActions.length > 0);
  const { canMove } = useBoardActions();
  const dispatch = useBoardDispatch();

  return (
    // Its parts sit in the toolbar's row; a selection's count and actions take a row of their own below it.
    <div className={bulk.selectionTools}>
      {canMove ? (
        <Button aria-pressed={isSelectionMode} onClick={() => dispatch(quickActionSelectionModeSet(!isSelectionMode))}>
          <ChecklistIcon aria-hidden />
          {isSelectionMode ? "Done selecting" : "Select issues"}
        </Button>
      ) : null}
      {count > 0 ? (
        <Toolbar className={bulk.selectionRow}>
          <span className={bulk.count} role="status">
            {count} selected
          </span>
          {canMove ? (
            <Toolbar>
              {ACTIONS.filter((action) => action.kind !== "delete" || allNative).map((action) => (
                <Button
                  key={action.kind}
                  disabled={isRunning}
                  onClick={() => dispatch(bulkActionModalSet(action.kind))}
                >
                  {action.label}
                </Button>
              ))}
            </Toolbar>
          ) : null}
          <Button variant="link" onClick={() => dispatch(selectionCleared())}>
            Clear selection
          </Button>
        </Toolbar>
      ) : null}
      {isBulkModalKind(openModal) ? (
        <Suspense fallback={null}>
          <BulkActionModal kind={openModal} workspaceId={workspaceId} pipelines={pipelines} />
        </Suspense>
      ) : null}
    </div>
  );
}
