import {
  BlockedIcon,
  ChecklistIcon,
  EyeIcon,
  IssueTrackedByIcon,
  IterationsIcon,
  MilestoneIcon,
  ProjectSymlinkIcon,
  RocketIcon,
} from "@primer/octicons-react";
import type { ReactNode } from "react";
import { CardPredictedSprint } from "../sprints/CardPredictedSprint";
import { Avatar } from "../ui/Avatar";
import lists from "../ui/plain-list.module.css";
import hidden from "../ui/visually-hidden.module.css";
import card from "./Board.module.css";
import type { BoardIssue } from "./board-issue";
import { selectSetting } from "./board-selectors";
import type { BoardSettings } from "./board-settings";
import { useBoardSelector } from "./board-store";
import styles from "./IssueCard.module.css";

type Shown = Pick<
  BoardSettings,
  | "showEpics"
  | "showSprints"
  | "showPredictedSprints"
  | "showMilestones"
  | "showReleases"
  | "showDependencies"
  | "showParentIssues"
  | "showSubIssueProgressAsPoints"
>;

/** The display toggles for a card's fields, each its own subscription so a card redraws only when one it uses changes. */
export function useCardFieldSettings(): Shown {
  return {
    showEpics: useBoardSelector((state) => selectSetting(state, "showEpics")),
    showSprints: useBoardSelector((state) => selectSetting(state, "showSprints")),
    showPredictedSprints: useBoardSelector((state) => selectSetting(state, "showPredictedSprints")),
    showMilestones: useBoardSelector((state) => selectSetting(state, "showMilestones")),
    showReleases: useBoardSelector((state) => selectSetting(state, "showReleases")),
    showDependencies: useBoardSelector((state) => selectSetting(state, "showDependencies")),
    showParentIssues: useBoardSelector((state) => selectSetting(state, "showParentIssues")),
    showSubIssueProgressAsPoints: useBoardSelector((state) => selectSetting(state, "showSubIssueProgressAsPoints")),
  };
}

function Chip({
  icon,
  label,
  className = "",
  children,
}: {
  icon: ReactNode;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={`${styles.field} ${className}`} aria-label={label} title={label}>
      {icon}
      <span className={styles.fieldText}>{children}</span>
    </li>
  );
}

const points = (value: number) => `${Number(value.toFixed(2))}`;

/** Sub-issue progress: "2/5" done, or in points when the board says so. */
export function subIssueProgress(issue: BoardIssue, asPoints: boolean): string | null {
  if (asPoints && issue.issueEstimateProgress)
    return `${points(issue.issueEstimateProgress.closed)}/${points(issue.issueEstimateProgress.total)} pts`;
  if (issue.issueCountProgress) return `${issue.issueCountProgress.closed}/${issue.issueCountProgress.total}`;
  return null;
}

/** The parent issue line above a card's title. */
export function ParentIssue({ issue }: { issue: BoardIssue }) {
  if (!issue.parentIssue) return null;
  return (
    <div className={card.cardMeta} title={`Parent issue #${issue.parentIssue.number}: ${issue.parentIssue.title}`}>
      <IssueTrackedByIcon size={12} aria-hidden />
      <span className={styles.fieldText}>
        #{issue.parentIssue.number} {issue.parentIssue.title}
      </span>
    </div>
  );
}

/** Epics, sprints, milestone, releases, dependencies and sub-issue progress, as the display toggles allow. */
export function IssueCardFields({ issue, shown }: { issue: BoardIssue; shown: Shown }) {
  const chips: ReactNode[] = [];
  if (shown.showEpics) {
    for (const { issue: epic } of issue.parentEpics?.nodes ?? [])
      chips.push(
        <Chip
          key={`epic-${epic.number}`}
          className={styles.epic}
          label={`Epic #${epic.number}: ${epic.title}`}
          icon={<ProjectSymlinkIcon size={12} aria-hidden />}
        >
          {epic.title}
        </Chip>,
      );
    for (const epic of issue.parentGantryEpics?.nodes ?? [])
      chips.push(
        <Chip
          key={`gantry-epic-${epic.title}`}
          className={styles.epic}
          label={`Epic: ${epic.title}`}
          icon={<ProjectSymlinkIcon size={12} aria-hidden />}
        >
          {epic.title}
        </Chip>,
      );
  }
  if (shown.showSprints)
    for (const sprint of issue.sprints?.nodes ?? [])
      chips.push(
        <Chip
          key={`sprint-${sprint.name}`}
          label={`Sprint: ${sprint.name}`}
          icon={<IterationsIcon size={12} aria-hidden />}
        >
          {sprint.name}
        </Chip>,
      );
  if (shown.showPredictedSprints && !issue.sprints?.nodes.length && issue.predictedSprint)
    chips.push(<CardPredictedSprint key="predicted-sprint" sprint={issue.predictedSprint} />);
  if (shown.showMilestones && issue.milestone)
    chips.push(
      <Chip
        key="milestone"
        label={`Milestone: ${issue.milestone.title}`}
        icon={<MilestoneIcon size={12} aria-hidden />}
      >
        {issue.milestone.title}
      </Chip>,
    );
  if (shown.showReleases)
    for (const release of issue.releases?.nodes ?? [])
      chips.push(
        <Chip
          key={`release-${release.title}`}
          label={`Release: ${release.title}`}
          icon={<RocketIcon size={12} aria-hidden />}
        >
          {release.title}
        </Chip>,
      );
  if (shown.showDependencies) {
    const blockedBy = issue.blockingIssues?.totalCount ?? 0;
    const blocks = issue.blockedIssues?.totalCount ?? 0;
    if (blockedBy > 0)
      chips.push(
        <Chip
          key="blocked"
          className={styles.blocked}
          label={`Blocked by ${blockedBy} issue${blockedBy === 1 ? "" : "s"}`}
          icon={<BlockedIcon size={12} aria-hidden />}
        >
          Blocked
        </Chip>,
      );
    if (blocks > 0)
      chips.push(
        <Chip
          key="blocking"
          className={styles.blocking}
          label={`Blocking ${blocks} issue${blocks === 1 ? "" : "s"}`}
          icon={<BlockedIcon size={12} aria-hidden />}
        >
          Blocking
        </Chip>,
      );
  }
  const progress = subIssueProgress(issue, shown.showSubIssueProgressAsPoints);
  if (progress)
    chips.push(
      <Chip key="progress" label={`Sub-issues done: ${progress}`} icon={<ChecklistIcon size={12} aria-hidden />}>
        {progress}
      </Chip>,
    );
  if (chips.length === 0) return null;
  return (
    <ul className={lists.row} aria-label="Issue fields">
      {chips}
    </ul>
  );
}

/** Estimate and priority, at the end of the card's first line. */
export function CardBadges({ issue, showEstimate }: { issue: BoardIssue; showEstimate: boolean }) {
  const priority = issue.pipelineIssue?.priority ?? null;
  const estimate = showEstimate ? (issue.estimate?.value ?? null) : null;
  if (!priority && estimate === null) return null;
  return (
    <span className={styles.badges}>
      {priority ? (
        <span className={styles.priority} style={{ color: priority.color }} title={`Priority: ${priority.name}`}>
          <span className={styles.priorityDot} aria-hidden />
          {priority.name}
        </span>
      ) : null}
      {estimate !== null ? (
        <span className={styles.estimate} title={`Estimate: ${points(estimate)} points`}>
          <span className={hidden.hidden}>Estimate: </span>
          {points(estimate)}
          <span className={hidden.hidden}> points</span>
        </span>
      ) : null}
    </span>
  );
}

/** Who a pull request waits on for a review: an eye, then their pictures, each named on hover and to screen readers. */
export function ReviewRequests({ issue }: { issue: BoardIssue }) {
  const reviewers = issue.pullRequest ? (issue.reviewRequests?.nodes ?? []) : [];
  if (reviewers.length === 0) return null;
  return (
    <ul className={styles.reviewers} aria-label="Review requested from">
      <li aria-hidden>
        <EyeIcon size={12} />
      </li>
      {reviewers.map(({ reviewer }) => (
        <li key={reviewer.login} title={`Review requested from ${reviewer.login}`}>
          <Avatar name={reviewer.login} src={reviewer.avatarUrl} />
          <span className={hidden.hidden}>{reviewer.login}</span>
        </li>
      ))}
    </ul>
  );
}
