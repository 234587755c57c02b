import { type Database, schema } from "@gantry/db";
import { and, count, eq, inArray, type SQL, sql, sum } from "drizzle-orm";
import type { Progress } from "../issues/field-types.js";

const { epicIssues, gantryEpicIssues, gantryEpics, issues, releaseIssues, releases, sprintIssues, sprints } = schema;

/** What can be a bucket: a container of issues (docs/decisions/0010-board-views.md). */
export type BucketKind = "SPRINT" | "RELEASE" | "GANTRY_EPIC" | "EPIC";

export interface IssueBucket {
  kind: BucketKind;
  /** The database id; the global id's type follows from the kind. */
  id: string;
  name: string;
  startAt: Date | null;
  endAt: Date | null;
  issues: Progress;
  points: Progress;
}

/** The bucket's fields and who is in it, or null when the workspace has no such bucket. */
async function bucketRecord(db: Database, workspaceId: string, typename: string, id: string) {
  const dateOf = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null);
  switch (typename) {
    case "Sprint": {
      const [sprint] = await db
        .select()
        .from(sprints)
        .where(and(eq(sprints.id, id), eq(sprints.workspaceId, workspaceId)));
      return (
        sprint && {
          kind: "SPRINT" as const,
          name: sprint.name,
          startAt: sprint.startAt,
          endAt: sprint.endAt,
          members: db.select({ id: sprintIssues.issueId }).from(sprintIssues).where(eq(sprintIssues.sprintId, id)),
        }
      );
    }
    case "Release": {
      const [release] = await db
        .select()
        .from(releases)
        .where(and(eq(releases.id, id), eq(releases.workspaceId, workspaceId)));
      return (
        release && {
          kind: "RELEASE" as const,
          name: release.title,
          startAt: dateOf(release.startOn),
          endAt: dateOf(release.endOn),
          members: db.select({ id: releaseIssues.issueId }).from(releaseIssues).where(eq(releaseIssues.releaseId, id)),
        }
      );
    }
    case "GantryEpic": {
      const [epic] = await db
        .select()
        .from(gantryEpics)
        .where(and(eq(gantryEpics.id, id), eq(gantryEpics.workspaceId, workspaceId)));
      return (
        epic && {
          kind: "GANTRY_EPIC" as const,
          name: epic.title,
          startAt: dateOf(epic.startOn),
          endAt: dateOf(epic.endOn),
          members: db
            .select({ id: gantryEpicIssues.issueId })
            .from(gantryEpicIssues)
            .where(eq(gantryEpicIssues.gantryEpicId, id)),
        }
      );
    }
    case "Issue": {
      const [epic] = await db
        .select({ title: issues.title })
        .from(issues)
        .where(and(eq(issues.id, id), eq(issues.isEpic, true), onBoard(workspaceId)));
      return (
        epic && {
          kind: "EPIC" as const,
          name: epic.title,
          startAt: null,
          endAt: null,
          members: db.select({ id: epicIssues.issueId }).from(epicIssues).where(eq(epicIssues.epicId, id)),
        }
      );
    }
    default:
      return undefined;
  }
}

/** An issue of the workspace's board: in one of its repositories. */
function onBoard(workspaceId: string): SQL {
  return sql`${issues.repositoryId} in (select repository_id from workspace_repositories where workspace_id = ${workspaceId})`;
}

/** A bucket of the workspace with its issues' progress (closed of all, by count and by points). */
export async function findBucket(
  db: Database,
  workspaceId: string,
  bucket: { typename: string; id: string },
): Promise<IssueBucket | null> {
  const record = await bucketRecord(db, workspaceId, bucket.typename, bucket.id);
  if (!record) return null;
  const rows = await db
    .select({ state: issues.state, issues: count(), points: sum(issues.estimate) })
    .from(issues)
    .where(and(inArray(issues.id, record.members), onBoard(workspaceId)))
    .groupBy(issues.state);
  const of = (state: "open" | "closed") => rows.find((row) => row.state === state);
  return {
    kind: record.kind,
    id: bucket.id,
    name: record.name,
    startAt: record.startAt,
    endAt: record.endAt,
    issues: { open: of("open")?.issues ?? 0, closed: of("closed")?.issues ?? 0 },
    points: { open: Number(of("open")?.points ?? 0), closed: Number(of("closed")?.points ?? 0) },
  };
}
