import { schema } from "@gantry/db";
import { dataloaderGetter } from "@pothos/plugin-dataloader";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { GraphQLContext } from "../graphql/context.js";

const {
  epicIssues,
  gantryEpicIssues,
  gantryEpics,
  issueDependencies,
  issuePositions,
  issues,
  priorities,
  releaseIssues,
  releases,
  repositories,
  sprintIssues,
  sprints,
} = schema;

export type IssueRow = typeof issues.$inferSelect;

/**
 * A per-request DataLoader kept by the Pothos dataloader plugin: every card of a board page
 * asking for the same relation is answered by one query.
 */
export function batched<V>(load: (keys: string[], context: GraphQLContext) => Promise<V[]>) {
  return dataloaderGetter<string, V, string>(
    undefined,
    (keys, context) => load(keys, context as GraphQLContext),
    undefined,
    false,
  );
}

/** Rows grouped by key, one (possibly empty) list per requested key, in order. */
export function groupBy<T>(keys: string[], rows: T[], keyOf: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
}

export const issueById = batched<IssueRow | null>(async (ids, { db }) => {
  const rows = await db.select().from(issues).where(inArray(issues.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id) ?? null);
});

export const repositoryById = batched<typeof repositories.$inferSelect>(async (ids, { db }) => {
  const rows = await db.select().from(repositories).where(inArray(repositories.id, ids));
  return ids.map((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw new Error(`repository ${id} vanished`);
    return row;
  });
});

export interface ChildProgress {
  open: number;
  closed: number;
  openPoints: number;
  closedPoints: number;
}

/** Counts and points of issues grouped by state, one group of rows per container. */
export function progressByState(group: { state: string; count: number; points: number }[]): ChildProgress {
  const open = group.find((row) => row.state === "open");
  const closed = group.find((row) => row.state === "closed");
  return {
    open: open?.count ?? 0,
    closed: closed?.count ?? 0,
    openPoints: open?.points ?? 0,
    closedPoints: closed?.points ?? 0,
  };
}

/** Per-state count and points of the issues selected with these columns. */
export const stateTotals = {
  state: issues.state,
  count: sql<number>`count(*)::int`,
  points: sql<number>`coalesce(sum(${issues.estimate}), 0)::float8`,
};

/** Sub-issue counts and points by state, for each parent issue. */
export const childProgressByParent = batched<ChildProgress>(async (ids, { db }) => {
  const rows = await db
    .select({
      parentIssueId: sql<string>`${issues.parentIssueId}`,
      ...stateTotals,
    })
    .from(issues)
    .where(and(isNotNull(issues.parentIssueId), inArray(issues.parentIssueId, ids)))
    .groupBy(issues.parentIssueId, issues.state);
  return groupBy(ids, rows, (row) => row.parentIssueId).map(progressByState);
});

/** The GitHub epics (issues with `is_epic`) holding each issue. */
export const parentEpicsOf = batched<IssueRow[]>(async (ids, { db }) => {
  const rows = await db
    .select({ issueId: epicIssues.issueId, epic: issues })
    .from(epicIssues)
    .innerJoin(issues, eq(issues.id, epicIssues.epicId))
    .where(inArray(epicIssues.issueId, ids))
    .orderBy(issues.number);
  return groupBy(ids, rows, (row) => row.issueId).map((group) => group.map((row) => row.epic));
});

export const parentGantryEpicsOf = batched<(typeof gantryEpics.$inferSelect)[]>(async (ids, { db }) => {
  const rows = await db
    .select({ issueId: gantryEpicIssues.issueId, epic: gantryEpics })
    .from(gantryEpicIssues)
    .innerJoin(gantryEpics, eq(gantryEpics.id, gantryEpicIssues.gantryEpicId))
    .where(inArray(gantryEpicIssues.issueId, ids))
    .orderBy(gantryEpics.createdAt);
  return groupBy(ids, rows, (row) => row.issueId).map((group) => group.map((row) => row.epic));
});

export const sprintsOf = batched<(typeof sprints.$inferSelect)[]>(async (ids, { db }) => {
  const rows = await db
    .select({ issueId: sprintIssues.issueId, sprint: sprints })
    .from(sprintIssues)
    .innerJoin(sprints, eq(sprints.id, sprintIssues.sprintId))
    .where(inArray(sprintIssues.issueId, ids))
    .orderBy(sprints.startAt);
  return groupBy(ids, rows, (row) => row.issueId).map((group) => group.map((row) => row.sprint));
});

export const releasesOf = batched<(typeof releases.$inferSelect)[]>(async (ids, { db }) => {
  const rows = await db
    .select({ issueId: releaseIssues.issueId, release: releases })
    .from(releaseIssues)
    .innerJoin(releases, eq(releases.id, releaseIssues.releaseId))
    .where(inArray(releaseIssues.issueId, ids))
    .orderBy(releases.createdAt);
  return groupBy(ids, rows, (row) => row.issueId).map((group) => group.map((row) => row.release));
});

export interface Dependency {
  workspaceId: string;
  issue: IssueRow;
}

/** The issues blocking each issue ("blocking blocks blocked"), with the workspace saying so. */
export const blockingIssuesOf = batched<Dependency[]>(async (ids, { db }) => {
  const rows = await db
    .select({ key: issueDependencies.blockedIssueId, workspaceId: issueDependencies.workspaceId, issue: issues })
    .from(issueDependencies)
    .innerJoin(issues, eq(issues.id, issueDependencies.blockingIssueId))
    .where(inArray(issueDependencies.blockedIssueId, ids))
    .orderBy(issueDependencies.createdAt);
  return groupBy(ids, rows, (row) => row.key);
});

/** The issues each issue blocks. */
export const blockedIssuesOf = batched<Dependency[]>(async (ids, { db }) => {
  const rows = await db
    .select({ key: issueDependencies.blockingIssueId, workspaceId: issueDependencies.workspaceId, issue: issues })
    .from(issueDependencies)
    .innerJoin(issues, eq(issues.id, issueDependencies.blockedIssueId))
    .where(inArray(issueDependencies.blockingIssueId, ids))
    .orderBy(issueDependencies.createdAt);
  return groupBy(ids, rows, (row) => row.key);
});

export interface WorkspacePlace {
  workspaceId: string;
  pipelineId: string;
  movedAt: Date;
  priority: typeof priorities.$inferSelect | null;
}

/** Each issue's row on every board it has a place on: pipeline and priority. */
export const placesOf = batched<WorkspacePlace[]>(async (ids, { db }) => {
  const rows = await db
    .select({
      issueId: issuePositions.issueId,
      workspaceId: issuePositions.workspaceId,
      pipelineId: issuePositions.pipelineId,
      movedAt: issuePositions.movedAt,
      priority: priorities,
    })
    .from(issuePositions)
    .leftJoin(priorities, eq(priorities.id, issuePositions.priorityId))
    .where(inArray(issuePositions.issueId, ids));
  return groupBy(ids, rows, (row) => row.issueId);
});

/** The workspaces whose boards show each repository. */
export const repositoryWorkspaceIds = batched<string[]>(async (ids, { db }) => {
  const rows = await db
    .select({
      repositoryId: schema.workspaceRepositories.repositoryId,
      workspaceId: schema.workspaceRepositories.workspaceId,
    })
    .from(schema.workspaceRepositories)
    .where(inArray(schema.workspaceRepositories.repositoryId, ids));
  return groupBy(ids, rows, (row) => row.repositoryId).map((group) => group.map((row) => row.workspaceId));
});

export const pipelineById = batched<typeof schema.pipelines.$inferSelect>(async (ids, { db }) => {
  const rows = await db.select().from(schema.pipelines).where(inArray(schema.pipelines.id, ids));
  return ids.map((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) throw new Error(`pipeline ${id} vanished`);
    return row;
  });
});
