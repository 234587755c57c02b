import { type Database, schema } from "@gantry/db";
import { ranksBetween } from "@gantry/domain";
import { asc, eq } from "drizzle-orm";
import { ensureUpcomingSprints } from "../sprints/service.js";

const { issuePositions, issues, organizations, pipelines, repositories, sprintConfigs, sprints } = schema;
const { workspaceRepositories, workspaces } = schema;

/** Two-week sprints from Monday 2 November 2026, 09:00 in Berlin (08:00 UTC in winter). */
export const SPRINT_TIMES = {
  firstSprintRunning: new Date("2026-11-10T12:00:00Z"),
  firstSprintEnds: new Date("2026-11-16T08:00:00Z"),
  justAfterFirst: new Date("2026-11-16T08:00:30Z"),
};

export interface SprintingWorkspace {
  workspaceId: string;
  /** The one pipeline, holding every issue. */
  pipelineId: string;
  /** Issue ids in board order. */
  ordered: string[];
}

/**
 * A workspace (inserted directly, no GraphQL) with a repository of open issues in one pipeline,
 * a sprint config as SPRINT_TIMES describes with the given settings, and its sprints made as of
 * `firstSprintRunning`: the first running and two ahead.
 */
export async function sprintingWorkspace(
  db: Database,
  settings: Partial<typeof sprintConfigs.$inferInsert> = {},
  issueCount = 4,
): Promise<SprintingWorkspace> {
  const ghId = Math.floor(Math.random() * 1e9);
  const [organization] = await db
    .insert(organizations)
    .values({ name: `Acme ${ghId}` })
    .returning();
  const [workspace] = await db
    .insert(workspaces)
    .values({ organizationId: organization?.id ?? "", name: "Sprinting" })
    .returning();
  const workspaceId = workspace?.id ?? "";
  const [pipeline] = await db.insert(pipelines).values({ workspaceId, name: "Backlog", rank: "m" }).returning();
  const pipelineId = pipeline?.id ?? "";
  const [repository] = await db
    .insert(repositories)
    .values({ ghId, ownerLogin: "acme", name: `api-${ghId}`, htmlUrl: `https://github.test/acme/api-${ghId}` })
    .returning();
  await db.insert(workspaceRepositories).values({ workspaceId, repositoryId: repository?.id ?? "" });
  const created = await db
    .insert(issues)
    .values(
      Array.from({ length: issueCount }, (_, index) => ({
        repositoryId: repository?.id ?? "",
        ghId: ghId + index + 1,
        number: index + 1,
        title: `Issue ${index + 1}`,
        state: "open" as const,
        ghCreatedAt: new Date(),
        ghUpdatedAt: new Date(),
      })),
    )
    .returning({ id: issues.id });
  const ranks = ranksBetween(null, null, issueCount);
  await db
    .insert(issuePositions)
    .values(created.map((issue, index) => ({ workspaceId, issueId: issue.id, pipelineId, rank: ranks[index] ?? "" })));
  await db.insert(sprintConfigs).values({
    workspaceId,
    name: "Sprint",
    tzIdentifier: "Europe/Berlin",
    period: 2,
    startOn: "2026-11-02",
    startTime: "09:00:00",
    ...settings,
  });
  await ensureUpcomingSprints(db, workspaceId, SPRINT_TIMES.firstSprintRunning);
  // Ranks ascend, so creation order is board order.
  return { workspaceId, pipelineId, ordered: created.map((issue) => issue.id) };
}

export function sprintsOf(db: Database, workspaceId: string) {
  return db.select().from(sprints).where(eq(sprints.workspaceId, workspaceId)).orderBy(asc(sprints.startAt));
}
