import { type Executor, schema } from "@gantry/db";
import { and, eq, sql } from "drizzle-orm";
import type { MilestoneRef } from "../issues/native-milestones.js";

const { githubMilestones, issues, nativeMilestones } = schema;

/**
 * A milestone as the reference's `Milestone` reads it (decision 0085): a Gantry repository's row of
 * native_milestones, or Gantry's copy of a GitHub repository's milestone in github_milestones. `id` is
 * that row's id, so the milestone's global id stays the same while its number and repository do.
 */
export interface MilestoneRecord {
  id: string;
  native: boolean;
  repositoryId: string;
  number: number;
  title: string;
  description: string | null;
  state: "open" | "closed";
  dueOn: Date | null;
  startDate: Date | null;
  closedAt: Date | null;
  creatorLogin: string | null;
  ghId: number | null;
  ghNodeId: string | null;
  ghCreatedAt: Date | null;
  ghUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a milestone is where an issue or a listing names it: the number within its repository. */
export type MilestoneSource = MilestoneRef & { repositoryId: string };

type NativeRow = typeof nativeMilestones.$inferSelect;
type GitHubRow = typeof githubMilestones.$inferSelect;

/** A due day (YYYY-MM-DD) as the reference's ISO8601DateTime: midnight UTC of that day. */
const dayAsTime = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null);

function fromNative(row: NativeRow): MilestoneRecord {
  return {
    id: row.id,
    native: true,
    repositoryId: row.repositoryId,
    number: row.number,
    title: row.title,
    description: row.description,
    state: row.state,
    dueOn: dayAsTime(row.dueOn),
    startDate: row.startDate,
    closedAt: row.closedAt,
    creatorLogin: null,
    ghId: null,
    ghNodeId: null,
    ghCreatedAt: null,
    ghUpdatedAt: null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function fromGitHub(row: GitHubRow): MilestoneRecord {
  return { ...row, native: false };
}

/** The milestone with this id (a native_milestones or github_milestones row), or null. */
export async function milestoneRecordById(db: Executor, id: string): Promise<MilestoneRecord | null> {
  const [native] = await db.select().from(nativeMilestones).where(eq(nativeMilestones.id, id));
  if (native) return fromNative(native);
  const [copy] = await db.select().from(githubMilestones).where(eq(githubMilestones.id, id));
  return copy ? fromGitHub(copy) : null;
}

/**
 * The record of milestone `number` of a repository. A GitHub milestone Gantry has only seen on its issues
 * (their payloads carry it) gets its copy's row here, so it has an id like every other: the row is
 * GitHub's data kept, not a change of it.
 */
export async function milestoneRecord(db: Executor, source: MilestoneSource): Promise<MilestoneRecord | null> {
  const [native] = await db
    .select()
    .from(nativeMilestones)
    .where(and(eq(nativeMilestones.repositoryId, source.repositoryId), eq(nativeMilestones.number, source.number)));
  if (native) return fromNative(native);
  const [repository] = await db
    .select({ native: schema.repositories.nativeWorkspaceId })
    .from(schema.repositories)
    .where(eq(schema.repositories.id, source.repositoryId));
  if (!repository || repository.native) return null;
  await db
    .insert(githubMilestones)
    .values({ repositoryId: source.repositoryId, number: source.number, title: source.title })
    .onConflictDoNothing();
  const [copy] = await db
    .select()
    .from(githubMilestones)
    .where(and(eq(githubMilestones.repositoryId, source.repositoryId), eq(githubMilestones.number, source.number)));
  return copy ? fromGitHub(copy) : null;
}

/** GitHub's milestone object, as its REST answers and `milestone`/`issues` deliveries carry it. */
export interface GitHubMilestoneWire {
  id?: number;
  node_id?: string;
  number: number;
  title: string;
  description?: string | null;
  state?: string;
  due_on?: string | null;
  closed_at?: string | null;
  created_at?: string;
  updated_at?: string;
  creator?: { login?: string } | null;
}

const timeOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

/**
 * Keeps GitHub's word on a milestone in Gantry's copy; the start date, Gantry's own, is left as it is. A word
 * older than the copy's (an issue payload sent before the milestone's last change) changes nothing.
 */
export async function keepGitHubMilestone(
  db: Executor,
  repositoryId: string,
  wire: GitHubMilestoneWire,
  now: Date = new Date(),
): Promise<void> {
  const state: "open" | "closed" | undefined =
    wire.state === "open" ? "open" : wire.state === "closed" ? "closed" : undefined;
  const values = {
    number: wire.number,
    title: wire.title,
    ...(wire.id === undefined ? {} : { ghId: wire.id }),
    ...(wire.node_id === undefined ? {} : { ghNodeId: wire.node_id }),
    ...(wire.description === undefined ? {} : { description: wire.description }),
    ...(state ? { state } : {}),
    ...(wire.due_on === undefined ? {} : { dueOn: timeOrNull(wire.due_on) }),
    ...(wire.closed_at === undefined ? {} : { closedAt: timeOrNull(wire.closed_at) }),
    ...(wire.created_at === undefined ? {} : { ghCreatedAt: timeOrNull(wire.created_at) }),
    ...(wire.updated_at === undefined ? {} : { ghUpdatedAt: timeOrNull(wire.updated_at) }),
    ...(wire.creator?.login ? { creatorLogin: wire.creator.login } : {}),
  };
  await db
    .insert(githubMilestones)
    .values({ repositoryId, ...values })
    .onConflictDoUpdate({
      target: [githubMilestones.repositoryId, githubMilestones.number],
      set: { ...values, updatedAt: now },
      setWhere: sql`${githubMilestones.ghUpdatedAt} is null or excluded.gh_updated_at is null
        or excluded.gh_updated_at >= ${githubMilestones.ghUpdatedAt}`,
    });
}

/** How many of the repository's issues carry milestone `number`, open and closed. */
export async function milestoneIssueCounts(
  db: Executor,
  repositoryId: string,
  number: number,
): Promise<{ open: number; closed: number }> {
  const [counts] = await db
    .select({
      open: sql<number>`count(*) filter (where ${issues.state} = 'open')::int`,
      closed: sql<number>`count(*) filter (where ${issues.state} = 'closed')::int`,
    })
    .from(issues)
    .where(and(eq(issues.repositoryId, repositoryId), sql`(${issues.milestone}->>'number')::int = ${number}`));
  return counts ?? { open: 0, closed: 0 };
}
