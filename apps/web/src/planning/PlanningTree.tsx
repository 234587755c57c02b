import { monitorForElements } from "@atlaskit/pragmatic-drag-and-drop/element/adapter";
import { extractInstruction } from "@atlaskit/pragmatic-drag-and-drop-hitbox/tree-item";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import hidden from "../ui/visually-hidden.module.css";
import styles from "./Planning.module.css";
import { isPlanningDragData, PlanningRow } from "./PlanningRow";
import { keyboardMove, type PlanningRowEntry, visibleRows } from "./planning-rows";
import { isWithin, type PlanningMove, type PlanningState } from "./planning-slice";

interface PlanningTreeProps {
  state: PlanningState;
  isMoving: boolean;
  isLoadingMore: boolean;
  loadingChildren: ReadonlySet<string>;
  onLoadMore: () => void;
  onLoadChildren: (parentId: string) => void;
  onMove: (move: PlanningMove, unloadedParent: boolean) => void;
  label: string;
}

/** The planning panel's tree (SPEC §2): expand to load sub-issues, drag or Alt+arrow to move. */
export function PlanningTree(props: PlanningTreeProps) {
  const { state, isMoving, isLoadingMore, loadingChildren, onLoadMore, onLoadChildren, onMove, label } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focusId, setFocusId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => visibleRows(state.tree, expanded), [state.tree, expanded]);
  const activeId = rows.some((row) => row.item.issue.id === focusId) ? focusId : (rows[0]?.item.issue.id ?? null);

  const expand = useCallback(
    (id: string, open: boolean, load = true) => {
      setExpanded((current) => {
        const next = new Set(current);
        if (open) next.add(id);
        else next.delete(id);
        return next;
      });
      if (load && open && state.tree[id] === undefined && !loadingChildren.has(id)) onLoadChildren(id);
    },
    [state.tree, loadingChildren, onLoadChildren],
  );

  const numberOf = useCallback((id: string) => rows.find((row) => row.item.issue.id === id)?.item.issue.number, [rows]);

  const startMove = useCallback(
    (move: PlanningMove) => {
      if (isMoving) return;
      // The move's answer loads a parent's other children if they were never loaded.
      if (move.instruction === "make-child") expand(move.targetId, true, false);
      const where =
        move.instruction === "make-child" ? "under" : move.instruction === "reorder-below" ? "below" : "above";
      setAnnouncement(`Moved #${numberOf(move.itemId)} ${where} #${numberOf(move.targetId)}`);
      onMove(move, state.tree[move.targetId] === undefined && move.instruction === "make-child");
    },
    [isMoving, expand, numberOf, onMove, state.tree],
  );

  useEffect(
    () =>
      monitorForElements({
        canMonitor: ({ source }) => isPlanningDragData(source.data),
        onDrop: ({ source, location }) => {
          const target = location.current.dropTargets[0];
          if (!target || !isPlanningDragData(source.data) || !isPlanningDragData(target.data)) return;
          const instruction = extractInstruction(target.data);
          if (!instruction) return;
          startMove({
            itemId: source.data.issueId,
            targetId: target.data.issueId,
            instruction: instruction.type === "reparent" ? "instruction-blocked" : instruction.type,
          });
        },
      }),
    [startMove],
  );

  // Infinite paging: the next top-level page loads when the end of the list comes into view.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [onLoadMore]);

  useEffect(() => {
    if (!focusId) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-issue-id="${CSS.escape(focusId)}"]`);
    if (row && document.activeElement !== row && listRef.current?.contains(document.activeElement)) row.focus();
  }, [focusId]);

  // Read through a ref so rows keep one drop check and do not re-register on every change.
  const latest = useRef({ tree: state.tree, isMoving });
  latest.current = { tree: state.tree, isMoving };
  const canDrop = useCallback(
    (issueId: string, targetId: string) =>
      !latest.current.isMoving && !isWithin(latest.current.tree, targetId, issueId),
    [],
  );

  const onKeyDown = (row: PlanningRowEntry, index: number) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    const id = row.item.issue.id;
    if (event.altKey) {
      const move = keyboardMove(row, event.key);
      if (!move) return;
      event.preventDefault();
      startMove(move);
      setFocusId(id);
      return;
    }
    const focusRow = (at: number) => {
      const next = rows[at];
      if (!next) return;
      event.preventDefault();
      setFocusId(next.item.issue.id);
      listRef.current?.querySelector<HTMLElement>(`[data-issue-id="${CSS.escape(next.item.issue.id)}"]`)?.focus();
    };
    if (event.key === "ArrowDown") focusRow(index + 1);
    else if (event.key === "ArrowUp") focusRow(index - 1);
    else if (event.key === "Home") focusRow(0);
    else if (event.key === "End") focusRow(rows.length - 1);
    else if (event.key === "ArrowRight" && row.item.hasMatchingChildren) {
      event.preventDefault();
      if (row.isExpanded) focusRow(index + 1);
      else expand(id, true);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      if (row.isExpanded) expand(id, false);
      else focusRow(rows.findIndex((candidate) => candidate.item.issue.id === row.parentKey));
    }
  };

  return (
    <>
      <div ref={listRef} role="tree" aria-label={label} aria-busy={isMoving || undefined} className={styles.tree}>
        {rows.map((row, index) => (
          <PlanningRow
            key={row.item.issue.id}
            item={row.item}
            level={row.level}
            mode={row.mode}
            isExpanded={row.isExpanded}
            isLoadingChildren={loadingChildren.has(row.item.issue.id)}
            isFocusTarget={row.item.issue.id === activeId}
            canMove={!isMoving}
            canDrop={canDrop}
            onToggle={() => expand(row.item.issue.id, !row.isExpanded)}
            onFocus={() => setFocusId(row.item.issue.id)}
            onKeyDown={onKeyDown(row, index)}
          />
        ))}
      </div>
      <div ref={sentinelRef} className={styles.more}>
        {isLoadingMore ? <Loader delayMs={0} label="Loading more issues" /> : null}
        {!isLoadingMore && typeof state.topLevelCursor === "string" ? (
          <Button onClick={onLoadMore}>Show more issues</Button>
        ) : null}
      </div>
      <p className={hidden.hidden} aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
