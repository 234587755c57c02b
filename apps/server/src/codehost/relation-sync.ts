/**
 * GitHub's sub-issues and dependencies read at import and reconciliation (decision 0064): for the
 * issues just read, their sub-issues and blockers on GitHub are applied as GitHub's deliveries
 * would be, and Gantry's links between GitHub issues that GitHub no longer has are removed. A
 * conflict goes to the latest change: a link Gantry changed after GitHub last changed the issue is
 * kept, and the timeline holds both changes, each with its source.
 */
import { type Database, schema } from "@gantry/db";
import { and, desc, eq, inArray, isNotNull, like, or, sql } from "drizzle-orm";
import { dependencyEvents, issueLabel } from "../issues/relations.js";
import { followGitHubOrder } from "../planning/github-order.js";
import { labelPrefix, recordGitHubsLosingSide } from "./conflict-events.js";
import type { GitHubClient } from "./github-client.js";
import {
  applyDependencyEvent,
  applySubIssueEvent,
  type RelationPayload,
  sharedWorkspaces,
} from "./github-relations.js";
import type { GitHubIssueWire } from "./issue-sync.js";

const { issueDependencies, issueEvents, issues, repositories } = schema;

type Repository = typeof repositories.$inferSelect;

/** What the issue shapes say of an issue's links (GitHub.com and recent Enterprise Servers). */
interface LinkedWire extends GitHubIssueWire {
  sub_issues_summary?: { total: number };
  issue_dependencies_summary?: { total_blocked_by: number };
}

/** Whether GitHub says the issue has sub-issues or blockers. */
export const hasLinks = (wire: GitHubIssueWire) =>
  ((wire as LinkedWire).sub_issues_summary?.total ?? 0) > 0 ||
  ((wire as LinkedWire).issue_dependencies_summary?.total_blocked_by ?? 0) > 0;

interface ListedIssue {
  id: number;
  number: number;
  repository_url: string;
}

/** The GitHub id of a stored repository, from an issue's `repository_url` (…/repos/{owner}/{name}). */
async function repositoryGhIdOf(db: Database, url: string): Promise<number | undefined> {
  const [owner, name] = url.split("/").slice(-2);
  if (!owner || !name) return undefined;
  const [row] = await db
    .select({ ghId: repositories.ghId })
    .from(repositories)
    .where(
      and(
        sql`lower(${repositories.ownerLogin}) = ${owner.toLowerCase()}`,
        sql`lower(${repositories.name}) = ${name.toLowerCase()}`,
      ),
    );
  return row?.ghId ?? undefined;
}

/** When Gantry's own last change of an issue's field was made, if through Gantry. */
async function lastGantryChange(db: Database, issueId: string, fields: string[]): Promise<Date | null> {
  const [row] = await db
    .select({ at: issueEvents.createdAt })
    .from(issueEvents)
    .where(and(eq(issueEvents.issueId, issueId), inArray(issueEvents.field, fields), eq(issueEvents.source, "gantry")))
    .orderBy(desc(issueEvents.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** When Gantry last added or removed this blocker of an issue, if it did. */
async function lastGantryChangeOfBlocker(db: Database, issueId: string, blocker: { number: number }) {
  const prefix = `${labelPrefix(`#${blocker.number}`)}%`;
  const [row] = await db
    .select({ at: issueEvents.createdAt })
    .from(issueEvents)
    .where(
      and(
        eq(issueEvents.issueId, issueId),
        eq(issueEvents.field, "blocking"),
        eq(issueEvents.source, "gantry"),
        or(like(issueEvents.fromValue, prefix), like(issueEvents.toValue, prefix)),
      ),
    )
    .orderBy(desc(issueEvents.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** The stored issue GitHub lists (by its repository and number), if Gantry has it. */
async function storedListed(db: Database, listed: ListedIssue) {
  const repositoryGhId = await repositoryGhIdOf(db, listed.repository_url);
  const [row] = await db
    .select({ issue: issues })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(and(eq(repositories.ghId, repositoryGhId ?? -1), eq(issues.number, listed.number)));
  return row?.issue;
}

/**
 * Applies GitHub's links of these issues (of `repository`, just read from GitHub). Answers the
 * ids of issues whose links changed.
 */
export async function syncRelations(
  db: Database,
  client: GitHubClient,
  repository: Repository,
  wires: GitHubIssueWire[],
): Promise<string[]> {
  const here = repository.ghId;
  const linked = (wires as LinkedWire[]).filter((wire) => !wire.pull_request);
  if (here === null || linked.length === 0) return [];
  const stored = await db
    .select()
    .from(issues)
    .where(
      and(
        eq(issues.repositoryId, repository.id),
        inArray(
          issues.number,
          linked.map((wire) => wire.number),
        ),
      ),
    );
  const rowOf = (wire: GitHubIssueWire) => stored.find((row) => row.number === wire.number);
  const ids = stored.map((row) => row.id);
  // Gantry's links from these issues to other GitHub issues, which GitHub may no longer have.
  const children = await db
    .select({
      parentId: issues.parentIssueId,
      number: issues.number,
      ghId: issues.ghId,
      repositoryGhId: repositories.ghId,
    })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(and(inArray(issues.parentIssueId, ids), isNotNull(repositories.ghId)));
  // One row per board showing the dependency.
  const blockers = await db
    .select({
      blockedId: issueDependencies.blockedIssueId,
      workspaceId: issueDependencies.workspaceId,
      blocking: issues,
      number: issues.number,
      ghId: issues.ghId,
      repositoryGhId: repositories.ghId,
      createdAt: issueDependencies.createdAt,
    })
    .from(issueDependencies)
    .innerJoin(issues, eq(issues.id, issueDependencies.blockingIssueId))
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(and(inArray(issueDependencies.blockedIssueId, ids), isNotNull(repositories.ghId)));

  const changed: string[] = [];
  const apply = async (
    handler: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0], payload: RelationPayload) => Promise<string[]>,
    payload: RelationPayload,
  ) => {
    changed.push(...(await db.transaction((tx) => handler(tx, payload))));
  };
  const at = (wire: GitHubIssueWire) => ({
    owner: repository.ownerLogin,
    repo: repository.name,
    issue_number: wire.number,
  });

  for (const wire of linked) {
    const row = rowOf(wire);
    if (!row) continue;
    const githubChangedAt = new Date(wire.updated_at);
    const gantryIsLater = async (issueId: string, fields: string[]) =>
      ((await lastGantryChange(db, issueId, fields)) ?? new Date(0)) > githubChangedAt;

    const ours = children.filter((child) => child.parentId === row.id);
    if ((wire.sub_issues_summary?.total ?? 0) > 0 || ours.length > 0) {
      const listed: ListedIssue[] = await client.paginate(
        "GET /repos/{owner}/{repo}/issues/{issue_number}/sub_issues",
        {
          ...at(wire),
          per_page: 100,
        },
      );
      const githubOrder: string[] = [];
      for (const child of listed) {
        const childRepository = await repositoryGhIdOf(db, child.repository_url);
        const [childRow] = await db
          .select({ id: issues.id, parentId: issues.parentIssueId })
          .from(issues)
          .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
          .where(and(eq(repositories.ghId, childRepository ?? -1), eq(issues.number, child.number)));
        if (childRow && childRow.parentId !== row.id && (await gantryIsLater(childRow.id, ["parent"]))) {
          // Gantry's later parent stays; GitHub's is shown beside it.
          const event = { issueId: childRow.id, field: "parent", from: null, to: issueLabel(row) } as const;
          await recordGitHubsLosingSide(db, [{ ...event, actorId: null }], githubChangedAt);
          continue;
        }
        await apply(applySubIssueEvent, {
          action: "sub_issue_added",
          repository: { id: here },
          parent_issue: { number: wire.number },
          sub_issue: { number: child.number },
          sub_issue_repo: { id: childRepository },
        });
        if (childRow) githubOrder.push(childRow.id);
      }
      if (await db.transaction((tx) => followGitHubOrder(tx, row.id, githubOrder, githubChangedAt)))
        changed.push(row.id, ...githubOrder);
      for (const child of ours.filter((child) => !listed.some((entry) => entry.id === child.ghId))) {
        const [childRow] = await db
          .select({ id: issues.id })
          .from(issues)
          .where(and(eq(issues.parentIssueId, row.id), eq(issues.ghId, child.ghId ?? -1)));
        if (childRow && (await gantryIsLater(childRow.id, ["parent"]))) {
          const event = { issueId: childRow.id, field: "parent", from: issueLabel(row), to: null } as const;
          await recordGitHubsLosingSide(db, [{ ...event, actorId: null }], githubChangedAt);
          continue;
        }
        await apply(applySubIssueEvent, {
          action: "sub_issue_removed",
          repository: { id: here },
          parent_issue: { number: wire.number },
          sub_issue: { number: child.number },
          sub_issue_repo: { id: child.repositoryGhId ?? undefined },
        });
      }
    }

    const blocking = blockers.filter((blocker) => blocker.blockedId === row.id);
    if ((wire.issue_dependencies_summary?.total_blocked_by ?? 0) > 0 || blocking.length > 0) {
      const listed: ListedIssue[] = await client.paginate(
        "GET /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by",
        { ...at(wire), per_page: 100 },
      );
      for (const blocker of listed) {
        const known = blocking.some((entry) => entry.ghId === blocker.id);
        // Only Gantry's own later change of this very link (its removal) outweighs GitHub's.
        if (!known && ((await lastGantryChangeOfBlocker(db, row.id, blocker)) ?? new Date(0)) > githubChangedAt) {
          const stored = await storedListed(db, blocker);
          if (stored) {
            const events = (await sharedWorkspaces(db, stored.id, row.id)).flatMap((workspaceId) =>
              dependencyEvents("added", { workspaceId, blocking: stored, blocked: row }, { actorId: null }),
            );
            await recordGitHubsLosingSide(db, events, githubChangedAt);
          }
          continue;
        }
        await apply(applyDependencyEvent, {
          action: "blocked_by_added",
          repository: { id: here },
          blocked_issue: { number: wire.number },
          blocking_issue: { number: blocker.number },
          blocking_issue_repo: { id: await repositoryGhIdOf(db, blocker.repository_url) },
        });
      }
      for (const blocker of blocking.filter((blocker) => !listed.some((entry) => entry.id === blocker.ghId))) {
        // A dependency made in Gantry after GitHub last changed the issue is the later change.
        if (blocker.createdAt > githubChangedAt) {
          const events = dependencyEvents(
            "removed",
            { workspaceId: blocker.workspaceId, blocking: blocker.blocking, blocked: row },
            { actorId: null },
          );
          await recordGitHubsLosingSide(db, events, githubChangedAt);
          continue;
        }
        await apply(applyDependencyEvent, {
          action: "blocked_by_removed",
          repository: { id: here },
          blocked_issue: { number: wire.number },
          blocking_issue: { number: blocker.number },
          blocking_issue_repo: { id: blocker.repositoryGhId ?? undefined },
        });
      }
    }
  }
  return [...new Set(changed)];
}
