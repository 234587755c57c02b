import { GitMergeIcon, GitPullRequestIcon, IssueClosedIcon, IssueOpenedIcon } from "@primer/octicons-react";
import { ISSUE_STATE_TEXT } from "../issues/issue-state";
import issueState from "../ui/issue-state.module.css";
import labels from "../ui/LabelList.module.css";
import text from "../ui/text.module.css";
import styles from "./WorkspaceRepositories.module.css";
import type { RepositoryIssue } from "./workspace-repositories-api";

function StateIcon({ issue }: { issue: RepositoryIssue }) {
  const label = `${ISSUE_STATE_TEXT[issue.state]} ${issue.pullRequest ? "pull request" : "issue"}`;
  const className = issueState[issue.state];
  if (issue.state === "MERGED") return <GitMergeIcon aria-label={label} className={className} />;
  if (issue.pullRequest) return <GitPullRequestIcon aria-label={label} className={className} />;
  if (issue.state === "CLOSED") return <IssueClosedIcon aria-label={label} className={className} />;
  return <IssueOpenedIcon aria-label={label} className={className} />;
}

/** The repository's first issues and pull requests: state, number, title and labels (the board comes later). */
export function RepositoryIssues({
  repositoryName,
  issues,
  totalCount,
}: {
  repositoryName: string;
  issues: RepositoryIssue[];
  totalCount: number;
}) {
  if (issues.length === 0) return <p className={text.muted}>No issues or pull requests yet.</p>;
  return (
    <>
      <ul className={styles.issues} aria-label={`Issues in ${repositoryName}`}>
        {issues.map((issue) => (
          <li key={issue.number} className={styles.issue}>
            <StateIcon issue={issue} />
            <span className={styles.issueNumber}>#{issue.number}</span>
            <a href={issue.htmlUrl} target="_blank" rel="noopener noreferrer" className={styles.issueTitle}>
              {issue.title}
            </a>
            {issue.labels.map((label) => (
              <span key={label.name} className={labels.label}>
                <span
                  className={`${labels.dot} ${styles.labelDot}`}
                  style={/^[0-9a-f]{6}$/i.test(label.color) ? { background: `#${label.color}` } : undefined}
                  aria-hidden
                />
                {label.name}
              </span>
            ))}
          </li>
        ))}
      </ul>
      {totalCount > issues.length ? (
        <p className={text.muted}>
          Showing {issues.length} of {totalCount}.
        </p>
      ) : null}
    </>
  );
}
