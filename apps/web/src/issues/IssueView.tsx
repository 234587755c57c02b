import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import styles from "./Issue.module.css";
import { IssueDetails } from "./IssueDetails";
import { useViewedIssue } from "./issue-api";
import type { IssueTarget } from "./issue-routes";
import { useIssueEvents } from "./use-issue-events";

interface IssueViewProps {
  target: IssueTarget;
  newTabPath?: string;
  headingLevel: 1 | 2;
}

/** Reads the issue a route names and shows it, or why it cannot. */
export function IssueView({ target, newTabPath, headingLevel }: IssueViewProps) {
  const query = useViewedIssue(target);
  const issue = query.data;
  useIssueEvents(target, issue ? { id: issue.id, repositoryId: issue.repository.id, number: issue.number } : null);
  if (query.isError) {
    return (
      <div className={styles.problem} role="alert">
        <p>We couldn't open this issue: {query.error.message}</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }
  if (!query.data) return <Loader label="Loading the issue" />;
  return <IssueDetails issue={query.data} newTabPath={newTabPath} headingLevel={headingLevel} target={target} />;
}

export function InvalidIssueNumber() {
  return (
    <p className={styles.problem} role="alert">
      This is not an issue's address: issue numbers are whole numbers from 1.
    </p>
  );
}
