import { Link } from "react-router";
import { Panel } from "../ui/Panel";
import text from "../ui/text.module.css";
import { sprintPagePath } from "./paths";
import styles from "./SprintPage.module.css";

interface RolloverIssue {
  /** Keys the list: a native issue and a GitHub one can share a number. */
  id: string;
  number: number;
  title: string;
}

export interface SprintRolloverAnswer {
  nextSprint: { id: string; name: string };
  carriedIssues: RolloverIssue[];
  filledIssues: RolloverIssue[];
  unfittedIssues: RolloverIssue[];
}

/** The fields of Sprint.rollover the sprint page reads. */
export const SPRINT_ROLLOVER_FIELDS =
  "rollover { nextSprint { id name } carriedIssues { id number title } filledIssues { id number title } unfittedIssues { id number title } }";

const count = (issues: RolloverIssue[]) => `${issues.length} ${issues.length === 1 ? "issue" : "issues"}`;

function IssueList({ heading, issues, note }: { heading: string; issues: RolloverIssue[]; note?: string }) {
  if (issues.length === 0) return null;
  return (
    <div>
      <h3 className={styles.rolloverHeading}>
        {heading}: {count(issues)}
      </h3>
      {note ? <p className={text.muted}>{note}</p> : null}
      <ul className={styles.rolloverList}>
        {issues.map((issue) => (
          <li key={issue.id}>
            #{issue.number} {issue.title}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the sprint's close handed to the next sprint: the unfinished issues carried over, the issues filled
 * from the pipeline, and those whose "Next" badge was not honoured because the carried work took the room.
 */
export function SprintRollover({ workspaceId, rollover }: { workspaceId: string; rollover: SprintRolloverAnswer }) {
  const { nextSprint, carriedIssues, filledIssues, unfittedIssues } = rollover;
  return (
    <Panel title="At its close">
      <p className={text.muted}>
        Handed over to <Link to={sprintPagePath(workspaceId, nextSprint.id)}>{nextSprint.name}</Link>.
      </p>
      <IssueList heading="Carried over" issues={carriedIssues} />
      <IssueList heading="Filled from the pipeline" issues={filledIssues} />
      <IssueList
        heading="Did not fit"
        issues={unfittedIssues}
        note="These issues read “Next” for that sprint, but the carried-over work took their room. They stay in the pipeline for a later sprint."
      />
    </Panel>
  );
}
