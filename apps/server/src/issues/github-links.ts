/**
 * Gantry's parent/sub-issue links and dependencies written back to GitHub's own sub-issues and
 * issue dependencies, as the person making them (decision 0064). Only a link between two GitHub
 * issues goes to GitHub; one that involves a native Gantry issue stays in Gantry. GitHub is written
 * first, so a link it refuses is not kept; the `sub_issues` and `issue_dependencies` deliveries that
 * follow are expected (link-echoes.ts) and skipped, so nothing echoes back.
 */
import { type Database, type Executor, schema } from "@gantry/db";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { gitHubError } from "../codehost/errors.js";
import type { GitHubClient } from "../codehost/github-client.js";
import { expectLinkEcho, forgetLinkEcho, type LinkEcho } from "../codehost/link-echoes.js";
import { type CodeHostDeps, clientForUser } from "../codehost/repositories.js";
import { GantryError } from "../graphql/errors.js";

const { issues, repositories } = schema;

/** GitHub's limits on sub-issues (docs: "Adding sub-issues"). */
export const MAX_GITHUB_SUB_ISSUES = 100;
export const MAX_GITHUB_SUB_ISSUE_LEVELS = 8;

type IssueRow = typeof issues.$inferSelect;
type RepositoryRow = typeof repositories.$inferSelect;
/** An issue of a GitHub repository, with what GitHub's endpoints name it by. */
export interface GitHubSide {
  issue: IssueRow;
  repository: RepositoryRow & { ghId: number };
  ghId: number;
}

const refused = (message: string) => new GantryError("BAD_USER_INPUT", message, { field: "childIssueIds" });

/** How many levels the tree below an issue goes (0: no children); counting stops past GitHub's limit. */
async function levelsBelow(tx: Executor, issueId: string): Promise<number> {
  let frontier = [issueId];
  let depth = 0;
  while (depth <= MAX_GITHUB_SUB_ISSUE_LEVELS) {
    const children = await tx.select({ id: issues.id }).from(issues).where(inArray(issues.parentIssueId, frontier));
    if (children.length === 0) return depth;
    frontier = children.map(({ id }) => id);
    depth++;
  }
  return depth;
}

/** How many issues are above an issue (0: it has no parent); counting stops past GitHub's limit. */
async function levelsAbove(tx: Executor, issueId: string): Promise<number> {
  let at: string | null = issueId;
  let depth = 0;
  while (at && depth <= MAX_GITHUB_SUB_ISSUE_LEVELS) {
    const [row]: { parent: string | null }[] = await tx
      .select({ parent: issues.parentIssueId })
      .from(issues)
      .where(eq(issues.id, at));
    at = row?.parent ?? null;
    if (at) depth++;
  }
  return depth;
}

/**
 * The person's way to GitHub's links. `sides` says which issues are GitHub's (the others, and
 * every issue on an install without GitHub, keep their links in Gantry alone); the writes throw a
 * GantryError with what GitHub or its limits said.
 */
export function gitHubLinks(deps: { db: Database; codeHost?: CodeHostDeps | null }, userId: string) {
  let client: Promise<GitHubClient> | null = null;
  const gitHub = async <T>(call: (client: GitHubClient) => Promise<T>): Promise<T> => {
    const { codeHost } = deps;
    if (!codeHost) throw new Error("unreachable: a GitHub side without GitHub configured");
    client ??= clientForUser(codeHost, userId).then((found) => found.client);
    const made = await client;
    try {
      return await call(made);
    } catch (error) {
      throw gitHubError(error);
    }
  };
  /**
   * A write whose deliveries are expected back (and then skipped). Removing a link GitHub does not
   * have is no error when `missingIsFine`: it may have been kept in Gantry alone.
   */
  const writing = async (echoes: LinkEcho[], call: () => Promise<unknown>, missingIsFine = false) => {
    for (const echo of echoes) await expectLinkEcho(deps.db, echo);
    try {
      await call();
    } catch (error) {
      for (const echo of echoes) await forgetLinkEcho(deps.db, echo);
      if (!(missingIsFine && error instanceof GantryError && error.code === "NOT_FOUND")) throw error;
    }
  };
  const subIssueEcho = (added: boolean, parent: GitHubSide, child: GitHubSide): LinkEcho => ({
    kind: "sub_issue",
    added,
    issueIds: [parent.ghId, child.ghId],
    repositoryIds: [parent.repository.ghId, child.repository.ghId],
  });
  const dependencyEcho = (added: boolean, blocked: GitHubSide, blocking: GitHubSide): LinkEcho => ({
    kind: "dependency",
    added,
    issueIds: [blocked.ghId, blocking.ghId],
    repositoryIds: [blocked.repository.ghId, blocking.repository.ghId],
  });
  const at = (side: GitHubSide) => ({
    owner: side.repository.ownerLogin,
    repo: side.repository.name,
    issue_number: side.issue.number,
  });

  return {
    /** The GitHub issues among these, by Gantry id. */
    async sides(ids: string[]): Promise<Map<string, GitHubSide>> {
      if (!deps.codeHost || ids.length === 0) return new Map();
      const rows = await deps.db
        .select({ issue: issues, repository: repositories })
        .from(issues)
        .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
        .where(and(inArray(issues.id, ids), isNotNull(repositories.ghId), isNotNull(issues.ghId)));
      return new Map(
        rows.flatMap(({ issue, repository }) =>
          repository.ghId !== null && issue.ghId !== null
            ? [[issue.id, { issue, repository: { ...repository, ghId: repository.ghId }, ghId: issue.ghId }]]
            : [],
        ),
      );
    },

    /** GitHub's limits, checked before asking it, so the person reads which one. */
    async checkSubIssue(parent: GitHubSide, child: GitHubSide) {
      const { db } = deps;
      if (parent.repository.ownerLogin.toLowerCase() !== child.repository.ownerLogin.toLowerCase())
        throw refused(
          `#${child.issue.number} cannot be a sub-issue of #${parent.issue.number} on GitHub: sub-issues must belong to repositories of the same owner.`,
        );
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(issues)
        .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
        .where(and(eq(issues.parentIssueId, parent.issue.id), isNotNull(repositories.ghId)));
      if ((count?.n ?? 0) >= MAX_GITHUB_SUB_ISSUES && child.issue.parentIssueId !== parent.issue.id)
        throw refused(`#${parent.issue.number} already has ${MAX_GITHUB_SUB_ISSUES} sub-issues, GitHub's most.`);
      const levels = (await levelsAbove(db, parent.issue.id)) + 1 + (await levelsBelow(db, child.issue.id)) + 1;
      if (levels > MAX_GITHUB_SUB_ISSUE_LEVELS)
        throw refused(
          `GitHub nests sub-issues at most ${MAX_GITHUB_SUB_ISSUE_LEVELS} levels deep; #${child.issue.number} under #${parent.issue.number} would make ${levels}.`,
        );
    },

    /** `former`: the parent GitHub replaces, as Gantry knows it. */
    async addSubIssue(parent: GitHubSide, child: GitHubSide, former: GitHubSide | undefined) {
      const echoes = [subIssueEcho(true, parent, child), ...(former ? [subIssueEcho(false, former, child)] : [])];
      await writing(echoes, () =>
        gitHub((client) =>
          client.request("POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
            ...at(parent),
            sub_issue_id: child.ghId,
            replace_parent: former !== undefined,
          }),
        ),
      );
    },

    async removeSubIssue(parent: GitHubSide, child: GitHubSide) {
      await writing(
        [subIssueEcho(false, parent, child)],
        () =>
          gitHub((client) =>
            client.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/sub_issue", {
              ...at(parent),
              sub_issue_id: child.ghId,
            }),
          ),
        true,
      );
    },

    /** Puts a sub-issue just before or after a sibling in GitHub's order. */
    async reorderSubIssue(parent: GitHubSide, child: GitHubSide, place: { beside: GitHubSide; after: boolean }) {
      await gitHub((client) =>
        client.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority", {
          ...at(parent),
          sub_issue_id: child.ghId,
          ...(place.after ? { after_id: place.beside.ghId } : { before_id: place.beside.ghId }),
        }),
      );
    },

    async addBlockedBy(blocked: GitHubSide, blocking: GitHubSide) {
      await writing([dependencyEcho(true, blocked, blocking)], () =>
        gitHub((client) =>
          client.request("POST /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by", {
            ...at(blocked),
            issue_id: blocking.ghId,
          }),
        ),
      );
    },

    async removeBlockedBy(blocked: GitHubSide, blocking: GitHubSide) {
      await writing(
        [dependencyEcho(false, blocked, blocking)],
        () =>
          gitHub((client) =>
            client.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by/{issue_id}", {
              ...at(blocked),
              issue_id: blocking.ghId,
            }),
          ),
        true,
      );
    },
  };
}

export type GitHubLinks = ReturnType<typeof gitHubLinks>;
