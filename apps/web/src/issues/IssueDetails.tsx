import {
  GitMergeIcon,
  GitPullRequestIcon,
  IssueClosedIcon,
  IssueOpenedIcon,
  LinkExternalIcon,
  MarkGithubIcon,
} from "@primer/octicons-react";
import { stack } from "../ui/stack";
import { IssueActivity } from "./editing/IssueActivity";
import { IssueBodyEditor } from "./editing/IssueBodyEditor";
import { IssueStateButtons } from "./editing/IssueStateButtons";
import { IssueTitleEditor } from "./editing/IssueTitleEditor";
import { useIssueEditing } from "./editing/issue-editing-api";
import styles from "./Issue.module.css";
import type { ViewedIssue } from "./issue-api";
import type { IssueTarget } from "./issue-routes";
import { ISSUE_STATE_TEXT } from "./issue-state";
import { IssueSidebar } from "./sidebar/IssueSidebar";

function StateBadge({ issue }: { issue: ViewedIssue }) {
  const Icon =
    issue.state === "MERGED"
      ? GitMergeIcon
      : issue.pullRequest
        ? GitPullRequestIcon
        : issue.state === "CLOSED"
          ? IssueClosedIcon
          : IssueOpenedIcon;
  return (
    <span className={`${styles.state} ${styles[`state${issue.state}`]}`}>
      <Icon aria-hidden />
      {ISSUE_STATE_TEXT[issue.state]}
    </span>
  );
}

interface IssueDetailsProps {
  issue: ViewedIssue;
  /** Gantry's address for the issue in a tab of its own; absent when this already is that page. */
  newTabPath?: string;
  /** The heading's level: 2 inside the board's flyover, 1 on the issue's own page. */
  headingLevel: 1 | 2;
  /** Where the issue was read from: the sidebar reads and changes its fields through the same lookup. */
  target: IssueTarget;
}

/** What the viewer shows of an issue, in the flyover and on its own page alike. */
export function IssueDetails({ issue, newTabPath, headingLevel, target }: IssueDetailsProps) {
  const editing = useIssueEditing(issue, target);
  const canEdit = issue.viewerPermission === "WRITE" || issue.viewerPermission === "ADMIN";
  const kind = issue.pullRequest ? "Pull request" : "Issue";
  const isGitHub = issue.type === "GithubIssue";
  const opened = new Date(issue.createdAt).toLocaleDateString(undefined, { dateStyle: "medium" });
  return (
    <article className={stack({ direction: "column", gap: 16 })} aria-label={`${kind} #${issue.number}`}>
      <header className={`${stack({ direction: "column" })} ${styles.header}`}>
        <p className={styles.where}>
          {isGitHub ? `${issue.repository.ownerName}/${issue.repository.name}` : "Gantry issue"} #{issue.number}
        </p>
        <IssueTitleEditor
          title={issue.title}
          headingLevel={headingLevel}
          canEdit={canEdit}
          onSave={(title) => editing.update.mutateAsync({ title })}
        />
        <div className={stack({ wrap: true, align: "center" })}>
          <StateBadge issue={issue} />
          <span className={styles.opened}>
            {issue.user ? `${issue.user.login} opened this on ${opened}` : `Opened on ${opened}`}
          </span>
        </div>
        {canEdit ? <IssueStateButtons issue={issue} target={target} editing={editing} /> : null}
        <nav className={styles.links} aria-label="Open elsewhere">
          {newTabPath ? (
            <a href={newTabPath} target="_blank" rel="noreferrer">
              <LinkExternalIcon aria-hidden />
              Open in new tab
            </a>
          ) : null}
          {isGitHub ? (
            <a href={issue.htmlUrl} target="_blank" rel="noreferrer">
              <MarkGithubIcon aria-hidden />
              Open on GitHub
            </a>
          ) : null}
        </nav>
      </header>
      <div className={styles.columns}>
        <div className={styles.body}>
          <section aria-label="Description">
            <IssueBodyEditor
              body={issue.body}
              canEdit={canEdit}
              onSave={(body) => editing.update.mutateAsync({ body })}
              criteriaFor={
                target.workspaceId
                  ? { workspaceId: target.workspaceId, issueId: issue.id, title: issue.title }
                  : undefined
              }
            />
          </section>
          <IssueActivity issue={issue} editing={editing} canEdit={canEdit} />
        </div>
        <IssueSidebar issue={issue} target={target} />
      </div>
    </article>
  );
}
