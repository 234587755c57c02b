import { GitPullRequestIcon, IssueClosedIcon, IssueOpenedIcon } from "@primer/octicons-react";
import { type MouseEvent, memo, useRef } from "react";
import { useRuntimeConfig } from "../app/runtime-config";
import { Avatar } from "../ui/Avatar";
import issueState from "../ui/issue-state.module.css";
import { LabelDot, LabelList } from "../ui/LabelList";
import lists from "../ui/plain-list.module.css";
import styles from "./Board.module.css";
import { useBoardActions } from "./board-actions";
import { type BoardIssue, repositoryName } from "./board-issue";
import { keyboardMoveEnded } from "./board-issues-slice";
import {
  selectIsIssuePending,
  selectIsIssueSelected,
  selectIsKeyboardMoving,
  selectIssue,
  selectSetting,
} from "./board-selectors";
import { issueSelectionToggled } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";
import fieldStyles from "./IssueCard.module.css";
import { CardBadges, IssueCardFields, ParentIssue, ReviewRequests, useCardFieldSettings } from "./IssueCardFields";
import { isOptimisticIssueId } from "./optimistic-issue";
import { useCardDrag } from "./use-card-drag";

interface IssueCardProps {
  issueId: string;
  pipelineId: string;
  /** The keyboard-moved card would land above this one. */
  showDropLine: boolean;
}

function CardIcon({ pullRequest, closed }: { pullRequest: boolean; closed: boolean }) {
  if (pullRequest) return <GitPullRequestIcon aria-label="Pull request" className={issueState.OPEN} />;
  if (closed) return <IssueClosedIcon aria-label="Closed issue" className={issueState.CLOSED} />;
  return <IssueOpenedIcon aria-label="Open issue" className={issueState.OPEN} />;
}

function CardTitle({ issue, className }: { issue: BoardIssue; className: string | undefined }) {
  // Until the server has created it, the issue has no page to open.
  const creating = isOptimisticIssueId(issue.id);
  return (
    <a
      className={className}
      href={creating ? undefined : issue.htmlUrl}
      aria-disabled={creating || undefined}
      target="_blank"
      rel="noreferrer"
      draggable={false}
      title={issue.title}
    >
      {issue.title}
    </a>
  );
}

const repositoryTitle = (issue: BoardIssue, name: string) =>
  issue.repository ? `${issue.repository.ownerName}/${issue.repository.name}` : name;

/** One card; it reads its own issue, so a change to another card leaves it alone. */
export const IssueCard = memo(function IssueCard({ issueId, pipelineId, showDropLine }: IssueCardProps) {
  const issue = useBoardSelector((state) => selectIssue(state, issueId));
  const isPending = useBoardSelector((state) => selectIsIssuePending(state, issueId));
  const isSelected = useBoardSelector((state) => selectIsIssueSelected(state, issueId));
  const isKeyboardMoving = useBoardSelector((state) => selectIsKeyboardMoving(state, issueId));
  const isSelectionMode = useBoardSelector((state) => state.board.isQuickActionSelectionMode);
  const showLabels = useBoardSelector((state) => selectSetting(state, "showLabels"));
  const showRepos = useBoardSelector((state) => selectSetting(state, "showRepos"));
  const showEstimates = useBoardSelector((state) => selectSetting(state, "showEstimates"));
  const showReviewers = useBoardSelector((state) => selectSetting(state, "showReviewers"));
  const isCondensed = useBoardSelector((state) => selectSetting(state, "isCondensedViewEnabled"));
  const shown = useCardFieldSettings();
  const { productName } = useRuntimeConfig();
  const dispatch = useBoardDispatch();
  const { canMove, onCardKeyDown } = useBoardActions();
  const ref = useRef<HTMLElement>(null);
  // A card still being created has no issue on the server to move yet.
  const { closestEdge, isDragging } = useCardDrag(
    ref,
    { kind: "card", issueId, pipelineId },
    canMove && !isOptimisticIssueId(issueId),
  );
  if (!issue) return null;

  const repository = issue.repository?.name ?? repositoryName(issue.htmlUrl).split("/")[1] ?? "";
  const isNative = issue.type === "GantryIssue";
  const kind = issue.pullRequest ? "Pull request" : "Issue";
  const toggleSelection = (event: MouseEvent) => {
    // In quick-action selection mode a click selects; otherwise only a modified click does.
    if (!(isSelectionMode || event.metaKey || event.ctrlKey || event.shiftKey)) return;
    event.preventDefault();
    dispatch(issueSelectionToggled(issueId));
  };
  const className = [
    styles.card,
    isCondensed ? styles.condensedCard : "",
    isDragging ? styles.dragging : "",
    isPending ? styles.pending : "",
    isSelected ? styles.selected : "",
    isKeyboardMoving ? styles.lifted : "",
  ].join(" ");

  return (
    <article
      ref={ref}
      className={className}
      data-issue-id={issueId}
      aria-label={`${kind} #${issue.number}: ${issue.title}${isSelected ? ", selected" : ""}`}
      aria-roledescription={canMove ? "movable card" : "card"}
      aria-busy={isPending}
      onKeyDown={(event) => onCardKeyDown(event, issueId, pipelineId)}
      onBlur={() => isKeyboardMoving && dispatch(keyboardMoveEnded())}
      onClick={toggleSelection}
    >
      {closestEdge === "top" || showDropLine ? <span className={`${styles.dropLine} ${styles.dropLineTop}`} /> : null}
      <div className={styles.cardMeta}>
        {isSelectionMode ? (
          <input
            type="checkbox"
            className={styles.cardCheckbox}
            checked={isSelected}
            aria-label={`Select #${issue.number}`}
            // The card's own click and keys (Space picks a card up) are not the checkbox's.
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => event.stopPropagation()}
            onChange={() => dispatch(issueSelectionToggled(issueId))}
          />
        ) : null}
        <CardIcon pullRequest={issue.pullRequest} closed={issue.state === "CLOSED"} />
        {isNative ? (
          <span className={fieldStyles.native} title={`A native ${productName} issue`}>
            {productName}
          </span>
        ) : null}
        {showRepos && repository ? (
          <span className={styles.repository} title={repositoryTitle(issue, repository)}>
            {repository}
          </span>
        ) : null}
        <span>#{issue.number}</span>
        {isCondensed ? (
          <CardTitle issue={issue} className={`${styles.cardTitle} ${fieldStyles.condensedTitle}`} />
        ) : null}
        <CardBadges issue={issue} showEstimate={showEstimates} />
      </div>
      {!isCondensed && shown.showParentIssues ? <ParentIssue issue={issue} /> : null}
      {isCondensed ? null : <CardTitle issue={issue} className={styles.cardTitle} />}
      {isCondensed ? null : <IssueCardFields issue={issue} shown={shown} />}
      {showLabels && !isCondensed && issue.labels.length > 0 ? (
        <LabelList
          label="Labels"
          labels={issue.labels.map((label) => ({
            key: label.name,
            name: label.name,
            icon: label.color ? <LabelDot color={label.color} /> : null,
          }))}
        />
      ) : null}
      {issue.assignees.length > 0 ? (
        <ul className={`${lists.row} ${styles.assignees}`} aria-label="Assignees">
          {issue.assignees.map((assignee) => (
            <li key={assignee.login} title={assignee.login}>
              <Avatar name={assignee.login} src={assignee.avatarUrl} />
            </li>
          ))}
        </ul>
      ) : null}
      {showReviewers && !isCondensed ? <ReviewRequests issue={issue} /> : null}
      {closestEdge === "bottom" ? <span className={`${styles.dropLine} ${styles.dropLineBottom}`} /> : null}
    </article>
  );
});
