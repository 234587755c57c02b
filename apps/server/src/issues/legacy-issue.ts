import { type Database, type Executor, schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { bearerToken, userForToken } from "../accounts/sessions.js";
import { decodeGantryId, idOfType } from "../graphql/builder.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import { type IssueRow, type RepositoryKey, workspaceIssuesByInfo } from "./lookups.js";
import { workspacePriorities } from "./priorities.js";

const { issueDependencies, issuePositions, issues, repositories } = schema;

/** SPEC §3 "Legacy issue", as older clients (and the public REST API's conventions) read it. */
export interface LegacyIssue {
  /** GitHub's repository id, or the Gantry repository's global id for a native issue. */
  repo_id: number | string;
  issue_number: number;
  /** The issue's page in the web app on this workspace (SPEC §2 issue path forms 1 and 2). */
  issue_path: string;
  state: "open" | "closed" | "merged";
  merged_at: string | null;
  is_epic: boolean;
  pull_request: boolean;
  estimate: number | null;
  /** Another open issue on this workspace's board blocks it. */
  blocked: boolean;
  /** It blocks another open issue on this workspace's board. */
  blocking: boolean;
  /** rank 1 is the workspace's highest priority; null when the issue has none here. */
  priority: { rank: number } | null;
}

export function legacyState(issue: Pick<IssueRow, "state" | "mergedAt">): LegacyIssue["state"] {
  if (issue.mergedAt) return "merged";
  return issue.state;
}

/** Whether some open issue stands on the other side of one of the issue's dependencies here. */
async function hasOpenDependency(db: Executor, workspaceId: string, issueId: string, side: "blocked" | "blocking") {
  const other = alias(issues, "other");
  const [mine, theirs] =
    side === "blocked"
      ? [issueDependencies.blockedIssueId, issueDependencies.blockingIssueId]
      : [issueDependencies.blockingIssueId, issueDependencies.blockedIssueId];
  const rows = await db
    .select({ id: other.id })
    .from(issueDependencies)
    .innerJoin(other, eq(other.id, theirs))
    .where(and(eq(issueDependencies.workspaceId, workspaceId), eq(mine, issueId), ne(other.state, "closed")))
    .limit(1);
  return rows.length > 0;
}

/** The legacy shape of one issue on one workspace's board, for a viewer who may read the workspace. */
export async function legacyIssue(
  db: Database,
  userId: string,
  workspaceId: string,
  repository: RepositoryKey,
  issueNumber: number,
): Promise<LegacyIssue> {
  await requireWorkspace(db, workspaceId, userId, "viewer");
  const [issue] = await workspaceIssuesByInfo(db, workspaceId, [{ repository, issueNumber }]);
  if (!issue) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  const [repositoryRow] = await db.select().from(repositories).where(eq(repositories.id, issue.repositoryId));
  if (!repositoryRow) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  const [place] = await db
    .select({ priorityId: issuePositions.priorityId })
    .from(issuePositions)
    .where(and(eq(issuePositions.workspaceId, workspaceId), eq(issuePositions.issueId, issue.id)));
  const order = place?.priorityId ? (await workspacePriorities(db, workspaceId)).map((row) => row.id) : [];
  const rank = place?.priorityId ? order.indexOf(place.priorityId) + 1 : 0;
  const workspacePath = `/workspaces/${encodeURIComponent(encodeGlobalID("Workspace", workspaceId))}/issues`;
  const native = repositoryRow.ghId === null;
  return {
    repo_id: repositoryRow.ghId ?? encodeGlobalID("Repository", repositoryRow.id),
    issue_number: issue.number,
    issue_path: native
      ? `${workspacePath}/${issue.number}`
      : `${workspacePath}/${encodeURIComponent(repositoryRow.ownerLogin)}/${encodeURIComponent(repositoryRow.name)}/${issue.number}`,
    state: legacyState(issue),
    merged_at: issue.mergedAt?.toISOString() ?? null,
    is_epic: issue.isEpic,
    pull_request: issue.isPullRequest,
    estimate: issue.estimate,
    blocked: await hasOpenDependency(db, workspaceId, issue.id, "blocked"),
    blocking: await hasOpenDependency(db, workspaceId, issue.id, "blocking"),
    priority: rank > 0 ? { rank } : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A workspace id as the web app's URLs carry it (global), or a bare UUID. */
function workspaceIdOf(raw: string): string {
  return UUID.test(raw) ? raw : idOfType(decodeGantryId(raw), "Workspace");
}

/** Digits are GitHub's repository id (as in board links); anything else is a Gantry Repository id. */
function repositoryKeyOf(raw: string): RepositoryKey {
  if (/^\d{1,15}$/.test(raw)) return { ghId: Number(raw) };
  return { id: idOfType(decodeGantryId(raw), "Repository") };
}

/**
 * GET /api/v1/workspaces/:workspaceId/repositories/:repoId/issues/:issueNumber — the legacy issue
 * shape, with the session's bearer token (API keys arrive with issue #16). Errors answer
 * `{ error: message }` with the status their code stands for.
 */
export function registerLegacyIssueRoutes(app: FastifyInstance, deps: { db: Database; now: () => Date }): void {
  app.get<{ Params: { workspaceId: string; repoId: string; issueNumber: string } }>(
    "/api/v1/workspaces/:workspaceId/repositories/:repoId/issues/:issueNumber",
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      const token = bearerToken(req.headers.authorization);
      const user = token ? await userForToken(deps, token) : null;
      if (!user) return reply.code(401).send({ error: "You must be signed in to do this." });
      try {
        const issueNumber = Number(req.params.issueNumber);
        if (!Number.isInteger(issueNumber) || issueNumber < 1)
          throw new GantryError("BAD_USER_INPUT", "issueNumber must be 1 or more.");
        return await legacyIssue(
          deps.db,
          user.id,
          workspaceIdOf(req.params.workspaceId),
          repositoryKeyOf(req.params.repoId),
          issueNumber,
        );
      } catch (error) {
        if (error instanceof GantryError) return reply.code(error.httpStatus).send({ error: error.message });
        throw error;
      }
    },
  );
}
