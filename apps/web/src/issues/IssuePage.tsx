import { ArrowLeftIcon } from "@primer/octicons-react";
import { Link, useParams } from "react-router";
import { boardPath } from "../board/paths";
import styles from "./Issue.module.css";
import { InvalidIssueNumber, IssueView } from "./IssueView";
import { issueTargetOf } from "./issue-routes";

/** An issue on a page of its own: SPEC §2 path form 3, and forms 1 and 2 opened in a new tab. */
export function IssuePage() {
  const params = useParams();
  const target = issueTargetOf(params);
  return (
    <main className={styles.page}>
      {params.workspaceId ? (
        <Link className={styles.back} to={boardPath(params.workspaceId)}>
          <ArrowLeftIcon aria-hidden />
          Back to the board
        </Link>
      ) : null}
      {target ? <IssueView target={target} headingLevel={1} /> : <InvalidIssueNumber />}
    </main>
  );
}
