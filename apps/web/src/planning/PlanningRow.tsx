import { combine } from "@atlaskit/pragmatic-drag-and-drop/combine";
import { draggable, dropTargetForElements } from "@atlaskit/pragmatic-drag-and-drop/element/adapter";
import {
  attachInstruction,
  extractInstruction,
  type Instruction,
  type ItemMode,
} from "@atlaskit/pragmatic-drag-and-drop-hitbox/tree-item";
import { ChevronDownIcon, ChevronRightIcon, GrabberIcon } from "@primer/octicons-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { ISSUE_STATE_TEXT } from "../issues/issue-state";
import { pointsText } from "../issues/sidebar/field-options";
import { Avatar } from "../ui/Avatar";
import styles from "./Planning.module.css";
import type { PlanningIssue, PlanningItem } from "./planning-slice";

export const INDENT_PER_LEVEL = 24;

/** What a dragged planning row carries, so drop targets can tell it from a board card. */
export interface PlanningDragData {
  kind: "planning-item";
  issueId: string;
  [key: string | symbol]: unknown;
}

export const isPlanningDragData = (data: Record<string | symbol, unknown>): data is PlanningDragData =>
  data.kind === "planning-item" && typeof data.issueId === "string";

export interface PlanningRowProps {
  item: PlanningItem;
  level: number;
  mode: ItemMode;
  isExpanded: boolean;
  isLoadingChildren: boolean;
  /** The row Tab lands on (a tree has one tab stop). */
  isFocusTarget: boolean;
  canMove: boolean;
  /** Whether the dragged issue may land on the target row (not onto itself or below itself). */
  canDrop: (issueId: string, targetId: string) => boolean;
  onToggle: () => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/** One issue of the tree: a tree item that can be dragged, dropped on and moved from the keyboard. */
export function PlanningRow(props: PlanningRowProps) {
  const { item, level, mode, isExpanded, isLoadingChildren, isFocusTarget, canMove, canDrop } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [instruction, setInstruction] = useState<Instruction | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const { id, number, title, repository } = item.issue;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const data: PlanningDragData = { kind: "planning-item", issueId: id };
    return combine(
      draggable({
        element,
        canDrag: () => canMove,
        getInitialData: () => data,
        onDragStart: () => setIsDragging(true),
        onDrop: () => setIsDragging(false),
      }),
      dropTargetForElements({
        element,
        canDrop: ({ source }) => isPlanningDragData(source.data) && canDrop(source.data.issueId, id),
        getData: ({ input }) =>
          attachInstruction(data, {
            input,
            element,
            currentLevel: level,
            indentPerLevel: INDENT_PER_LEVEL,
            mode,
            // A drop beside a parent from deeper levels is not one of SPEC §4's instructions.
            block: ["reparent"],
          }),
        onDragEnter: ({ self }) => setInstruction(extractInstruction(self.data)),
        onDrag: ({ self }) => setInstruction(extractInstruction(self.data)),
        onDragLeave: () => setInstruction(null),
        onDrop: () => setInstruction(null),
      }),
    );
  }, [id, level, mode, canMove, canDrop]);

  // SPEC §4: anything but make-child and reorder-below lands before the target, so it shows so.
  const shown =
    instruction && instruction.type !== "make-child" && instruction.type !== "reorder-below"
      ? "reorder-above"
      : instruction?.type;
  const hasChildren = item.hasMatchingChildren === true;
  return (
    <div
      ref={ref}
      role="treeitem"
      aria-level={level + 1}
      aria-expanded={hasChildren ? isExpanded : undefined}
      aria-busy={isLoadingChildren || undefined}
      tabIndex={isFocusTarget ? 0 : -1}
      data-issue-id={id}
      data-drop-instruction={shown}
      className={[
        styles.row,
        isDragging ? styles.dragging : "",
        shown === "make-child" ? styles.makeChild : "",
        shown === "reorder-above" ? styles.lineAbove : "",
        shown === "reorder-below" ? styles.lineBelow : "",
      ].join(" ")}
      style={{ paddingInlineStart: `calc(var(--base-size-8) + ${level * INDENT_PER_LEVEL}px)` }}
      onKeyDown={props.onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget) props.onFocus();
      }}
    >
      {canMove ? <GrabberIcon className={styles.grabber} aria-hidden /> : null}
      {hasChildren ? (
        <button
          type="button"
          className={styles.toggle}
          tabIndex={-1}
          aria-label={isExpanded ? `Collapse #${number}` : `Expand #${number}`}
          onClick={props.onToggle}
        >
          {isExpanded ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
        </button>
      ) : (
        <span className={styles.togglePlaceholder} aria-hidden />
      )}
      <span className={styles.repository}>{repository.name}</span>
      <span className={styles.number}>#{number}</span>
      <span className={styles.issueTitle}>{title}</span>
      <PlanningRowFacts issue={item.issue} />
    </div>
  );
}

/** What a planner weighs at a glance: sub-issues done, points, who has it, and its state. */
function PlanningRowFacts({ issue }: { issue: PlanningIssue }) {
  const progress = issue.issueCountProgress;
  const [first, ...others] = issue.assignees;
  return (
    <span className={styles.facts}>
      {progress && progress.total > 0 ? (
        <span className={styles.progress} title={`${progress.closed} of ${progress.total} sub-issues closed`}>
          {progress.closed}/{progress.total} done
        </span>
      ) : null}
      {issue.estimate ? <span className={styles.points}>{pointsText(issue.estimate.value)}</span> : null}
      {first ? (
        <span className={styles.assignee} title={issue.assignees.map((person) => person.login).join(", ")}>
          <Avatar name={first.login} src={first.avatarUrl} />
          {first.login}
          {others.length > 0 ? ` +${others.length}` : ""}
        </span>
      ) : (
        <span className={styles.unassigned}>Unassigned</span>
      )}
      <span className={`${styles.state} ${issue.state === "OPEN" ? styles.stateOpen : ""}`}>
        {ISSUE_STATE_TEXT[issue.state]}
      </span>
    </span>
  );
}
