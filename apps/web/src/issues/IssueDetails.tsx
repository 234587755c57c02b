import {
  GitMergeIcon,
  GitPullRequestIcon,
  IssueClosedIcon,
  IssueOpenedIcon,
  LinkExternalIcon,
  MarkGithubIcon,
} from "@primer/octicons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { bucketBoardPath } from "../board/paths";
import { Avatar } from "../ui/Avatar";
import styles from "./Issue.module.css";
import { IssueMarkdown } from "./IssueMarkdown";
import type { IssuePerson, ViewedIssue } from "./issue-api";

const STATE_TEXT = { OPEN: "Open", CLOSED: "Closed", MERGED: "Merged" } as const;

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
      {STATE_TEXT[issue.state]}
    </span>
  );
}

function People({ people, empty }: { people: IssuePerson[]; empty: string }) {
  if (people.length === 0) return <span className={styles.none}>{empty}</span>;
  return (
    <ul className={styles.people}>
      {people.map((person) => (
        <li key={person.login}>
          <Avatar name={person.login} src={person.avatarUrl} />
          {person.login}
        </li>
      ))}
    </ul>
  );
}

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface Bucket {
  id: string;
  name: string;
}

/**
 * Sprints, releases and epics: each a link to the board narrowed to that bucket when the issue is
 * seen from a workspace. The board reads its filters from the address when it opens, hence a
 * document load rather than a route change.
 */
function BucketList({
  name,
  buckets,
  empty,
  workspaceId,
}: {
  name: string;
  buckets: Bucket[];
  empty: string;
  workspaceId: string | null;
}) {
  if (buckets.length === 0)
    return (
      <Field name={name}>
        <span className={styles.none}>{empty}</span>
      </Field>
    );
  return (
    <Field name={name}>
      <ul className={styles.buckets}>
        {buckets.map((bucket) => (
          <li key={bucket.id}>
            {workspaceId ? (
              <Link
                reloadDocument
                to={bucketBoardPath(workspaceId, bucket.id)}
                title={`Show the board for ${bucket.name} only`}
              >
                {bucket.name}
              </Link>
            ) : (
              bucket.name
            )}
          </li>
        ))}
      </ul>
    </Field>
  );
}

interface IssueDetailsProps {
  issue: ViewedIssue;
  /** Gantry's address for the issue in a tab of its own; absent when this already is that page. */
  newTabPath?: string;
  /** The heading's level: 2 inside the board's flyover, 1 on the issue's own page. */
  headingLevel: 1 | 2;
  /** The workspace the issue is seen from, if any: its buckets then link to that board. */
  workspaceId: string | null;
}

/** What the viewer shows of an issue, in the flyover and on its own page alike. */
export function IssueDetails({ issue, newTabPath, headingLevel, workspaceId }: IssueDetailsProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const kind = issue.pullRequest ? "Pull request" : "Issue";
  const isGitHub = issue.type === "GithubIssue";
  const opened = new Date(issue.createdAt).toLocaleDateString(undefined, { dateStyle: "medium" });
  return (
    <article className={styles.issue} aria-label={`${kind} #${issue.number}`}>
      <header className={styles.header}>
        <p className={styles.where}>
          {isGitHub ? `${issue.repository.ownerName}/${issue.repository.name}` : "Gantry issue"} #{issue.number}
        </p>
        <Heading className={styles.title}>{issue.title}</Heading>
        <div className={styles.headerLine}>
          <StateBadge issue={issue} />
          <span className={styles.opened}>
            {issue.user ? `${issue.user.login} opened this on ${opened}` : `Opened on ${opened}`}
          </span>
        </div>
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
        <section className={styles.body} aria-label="Description">
          {issue.body?.trim() ? (
            <IssueMarkdown source={issue.body} />
          ) : (
            <p className={styles.none}>No description provided.</p>
          )}
        </section>
        <dl className={styles.fields}>
          {issue.pipelineIssue !== undefined ? (
            <Field name="Pipeline">
              {issue.pipelineIssue ? (
                issue.pipelineIssue.pipeline.name
              ) : (
                <span className={styles.none}>Not on this board</span>
              )}
            </Field>
          ) : null}
          {issue.pipelineIssue?.priority ? <Field name="Priority">{issue.pipelineIssue.priority.name}</Field> : null}
          <Field name="Estimate">
            {issue.estimate ? (
              `${issue.estimate.value} ${issue.estimate.value === 1 ? "point" : "points"}`
            ) : (
              <span className={styles.none}>Not estimated</span>
            )}
          </Field>
          <BucketList name="Sprints" buckets={issue.sprints.nodes} empty="No sprint" workspaceId={workspaceId} />
          <BucketList
            name="Epics"
            buckets={[
              ...issue.parentEpics.nodes.map(({ issue: epic }) => ({ id: epic.id, name: epic.title })),
              ...issue.parentGantryEpics.nodes.map((epic) => ({ id: epic.id, name: epic.title })),
            ]}
            empty="No epic"
            workspaceId={workspaceId}
          />
          <BucketList
            name="Releases"
            buckets={issue.releases.nodes.map((release) => ({ id: release.id, name: release.title }))}
            empty="No release"
            workspaceId={workspaceId}
          />
          {issue.milestone ? <Field name="Milestone">{issue.milestone.title}</Field> : null}
          <Field name="Assignees">
            <People people={issue.assignees} empty="No one assigned" />
          </Field>
          <Field name="Labels">
            {issue.labels.length === 0 ? (
              <span className={styles.none}>None yet</span>
            ) : (
              <ul className={styles.labels}>
                {issue.labels.map((label) => (
                  <li key={label.name} className={styles.label}>
                    <span className={styles.labelDot} style={{ backgroundColor: `#${label.color}` }} />
                    {label.name}
                  </li>
                ))}
              </ul>
            )}
          </Field>
          <Field name="Author">
            <People people={issue.user ? [issue.user] : []} empty="Unknown" />
          </Field>
          <Field name="Repository">
            {isGitHub ? `${issue.repository.ownerName}/${issue.repository.name}` : "This workspace's Gantry issues"}
          </Field>
        </dl>
      </div>
    </article>
  );
}
