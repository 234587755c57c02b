import { lazy, Suspense, useEffect } from "react";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import { stack } from "../ui/stack";
import styles from "./Issue.module.css";
import { useViewedIssue } from "./issue-api";
import type { IssueTarget } from "./issue-routes";
import { useIssueEvents } from "./use-issue-events";

interface IssueViewProps {
  target: IssueTarget;
  newTabPath?: string;
  headingLevel: 1 | 2;
}

const loadIssueDetails = () => import("./IssueDetails");
/**
 * The details bring the markdown renderer and the sidebar's editors: a chunk read when an issue
 * is opened, not with the board (benchmark B3).
 */
const IssueDetails = lazy(async () => ({ default: (await loadIssueDetails()).IssueDetails }));

/** Reads the issue a route names and shows it, or why it cannot. */
export function IssueView({ target, newTabPath, headingLevel }: IssueViewProps) {
  // The details' chunk downloads while the issue is read.
  useEffect(() => void loadIssueDetails(), []);
  const query = useViewedIssue(target);
  const issue = query.data;
  useIssueEvents(target, issue ? { id: issue.id, repositoryId: issue.repository.id, number: issue.number } : null);
  if (query.isError) {
    return (
      <div className={`${stack({ wrap: true, align: "center", gap: 12 })} ${styles.problem}`} role="alert">
        <p>We couldn't open this issue: {query.error.message}</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }
  const loading = <Loader label="Loading the issue" />;
  if (!query.data) return loading;
  return (
    <Suspense fallback={loading}>
      <IssueDetails issue={query.data} newTabPath={newTabPath} headingLevel={headingLevel} target={target} />
    </Suspense>
  );
}

export function InvalidIssueNumber() {
  return (
    <p className={`${stack({ wrap: true, align: "center", gap: 12 })} ${styles.problem}`} role="alert">
      This is not an issue's address: issue numbers are whole numbers from 1.
    </p>
  );
}
