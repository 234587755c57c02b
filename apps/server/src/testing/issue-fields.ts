import { type Executor, schema } from "@gantry/db";
import { ranksBetween } from "@gantry/domain";
import { and, eq, inArray } from "drizzle-orm";

/**
 * Direct inserts that give a board's issues the fields cards show (priorities, sprints,
 * releases, epics, estimates, parents, dependencies), for tests and demo data. Ids are
 * database ids; what the code under test reads goes through the API.
 */
export function issueFieldSeeder(db: Executor, workspaceId: string) {
  return {
    /** The workspace's priorities, highest first. */
    async priorities(entries: { name: string; color: string }[]) {
      const ranks = ranksBetween(null, null, entries.length);
      return db
        .insert(schema.priorities)
        .values(entries.map((entry, index) => ({ ...entry, workspaceId, rank: ranks[index] ?? "" })))
        .returning();
    },
    async prioritise(priorityId: string, issueIds: string[]) {
      await db
        .update(schema.issuePositions)
        .set({ priorityId })
        .where(
          and(eq(schema.issuePositions.workspaceId, workspaceId), inArray(schema.issuePositions.issueId, issueIds)),
        );
    },
    async sprint(name: string, issueIds: string[], startAt = new Date("2026-11-16T00:00:00Z")) {
      const endAt = new Date(startAt.getTime() + 14 * 24 * 3600 * 1000);
      const [sprint] = await db.insert(schema.sprints).values({ workspaceId, name, startAt, endAt }).returning();
      if (!sprint) throw new Error("sprint not stored");
      if (issueIds.length)
        await db.insert(schema.sprintIssues).values(issueIds.map((issueId) => ({ sprintId: sprint.id, issueId })));
      return sprint;
    },
    async release(title: string, issueIds: string[]) {
      const [release] = await db.insert(schema.releases).values({ workspaceId, title }).returning();
      if (!release) throw new Error("release not stored");
      if (issueIds.length)
        await db.insert(schema.releaseIssues).values(issueIds.map((issueId) => ({ releaseId: release.id, issueId })));
      return release;
    },
    async gantryEpic(title: string, issueIds: string[]) {
      const [epic] = await db.insert(schema.gantryEpics).values({ workspaceId, title }).returning();
      if (!epic) throw new Error("epic not stored");
      if (issueIds.length)
        await db
          .insert(schema.gantryEpicIssues)
          .values(issueIds.map((issueId) => ({ gantryEpicId: epic.id, issueId })));
      return epic;
    },
    /** Makes an issue a GitHub epic holding the others. */
    async gitHubEpic(epicId: string, issueIds: string[]) {
      await db.update(schema.issues).set({ isEpic: true }).where(eq(schema.issues.id, epicId));
      if (issueIds.length) await db.insert(schema.epicIssues).values(issueIds.map((issueId) => ({ epicId, issueId })));
    },
    async estimate(issueIds: string[], estimate: number | null) {
      await db.update(schema.issues).set({ estimate }).where(inArray(schema.issues.id, issueIds));
    },
    async parent(parentIssueId: string, childIds: string[]) {
      await db.update(schema.issues).set({ parentIssueId }).where(inArray(schema.issues.id, childIds));
    },
    async issueType(issueIds: string[], issueType: string) {
      await db.update(schema.issues).set({ issueType }).where(inArray(schema.issues.id, issueIds));
    },
    async blocks(blockingIssueId: string, blockedIssueId: string) {
      await db.insert(schema.issueDependencies).values({ workspaceId, blockingIssueId, blockedIssueId });
    },
  };
}
