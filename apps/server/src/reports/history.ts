import { type Executor, schema } from "@gantry/db";
import type { Change, MemberIssue, ReportIssue, Timeline } from "@gantry/domain";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";

const { issueEvents, issuePositions, issues, pipelines } = schema;

/** The membership a report is about: a sprint, release or epic, named on the timeline by its name or title. */
export interface Membership {
  field: "sprint" | "release" | "epic";
  name: string;
  /** The issues in it now. */
  memberIds: readonly string[];
}

type EventRow = { issueId: string; field: string; from: string | null; to: string | null; at: Date };

/** An issue event read as a timeline step. */
const eventColumns = {
  issueId: issueEvents.issueId,
  field: issueEvents.field,
  from: issueEvents.fromValue,
  to: issueEvents.toValue,
  at: issueEvents.createdAt,
};

function timeline<T>(current: T, events: readonly EventRow[], value: (text: string | null) => T): Timeline<T> {
  const changes: Change<T>[] = events.map((event) => ({ at: event.at, from: value(event.from), to: value(event.to) }));
  return { current, changes };
}

const estimateOf = (text: string | null) => (text === null || text === "" ? null : Number(text));

/**
 * The board's issues (or those among `issueIds`) with the history of their pipeline on this board,
 * estimate and state, from the timeline (decision 0024). A move whose origin is unknown is taken to come
 * from the first pipeline, where issues join a board.
 */
export async function boardHistory(
  db: Executor,
  workspaceId: string,
  issueIds?: readonly string[],
): Promise<ReportIssue[]> {
  if (issueIds?.length === 0) return [];
  const onBoard = and(
    eq(issuePositions.workspaceId, workspaceId),
    issueIds ? inArray(issuePositions.issueId, [...issueIds]) : undefined,
  );
  const rows = await db
    .select({
      id: issues.id,
      number: issues.number,
      title: issues.title,
      state: issues.state,
      estimate: issues.estimate,
      joinedAt: issuePositions.joinedAt,
      pipelineName: pipelines.name,
    })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .innerJoin(pipelines, eq(pipelines.id, issuePositions.pipelineId))
    .where(onBoard)
    .orderBy(asc(issues.number));
  const [first] = await db
    .select({ name: pipelines.name })
    .from(pipelines)
    .where(eq(pipelines.workspaceId, workspaceId))
    .orderBy(asc(sql`${pipelines.rank} collate "C"`))
    .limit(1);
  const events = await db
    .select(eventColumns)
    .from(issueEvents)
    .innerJoin(issuePositions, eq(issuePositions.issueId, issueEvents.issueId))
    .where(
      and(
        onBoard,
        or(
          inArray(issueEvents.field, ["estimate", "state"]),
          and(eq(issueEvents.field, "pipeline"), eq(issueEvents.workspaceId, workspaceId)),
        ),
      ),
    )
    .orderBy(asc(issueEvents.createdAt));
  const byIssueAndField = new Map<string, EventRow[]>();
  for (const event of events) {
    const key = `${event.issueId}:${event.field}`;
    const list = byIssueAndField.get(key);
    if (list) list.push(event);
    else byIssueAndField.set(key, [event]);
  }
  const of = (issueId: string, field: string) => byIssueAndField.get(`${issueId}:${field}`) ?? [];
  const firstName = first?.name ?? "";
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    title: row.title,
    joinedAt: row.joinedAt,
    pipeline: timeline(row.pipelineName, of(row.id, "pipeline"), (name) => name ?? firstName),
    estimate: timeline(row.estimate, of(row.id, "estimate"), estimateOf),
    closed: timeline(row.state === "closed", of(row.id, "state"), (state) => state === "closed"),
  }));
}

/**
 * The issues that are in the sprint, release or epic now or were at some time, each with its history of
 * belonging to it. The timeline names it by name, so a rename loses the history before it.
 */
export async function membersHistory(
  db: Executor,
  workspaceId: string,
  membership: Membership,
): Promise<MemberIssue[]> {
  const events = await db
    .select(eventColumns)
    .from(issueEvents)
    .where(
      and(
        eq(issueEvents.field, membership.field),
        or(eq(issueEvents.workspaceId, workspaceId), isNull(issueEvents.workspaceId)),
        or(eq(issueEvents.fromValue, membership.name), eq(issueEvents.toValue, membership.name)),
      ),
    )
    .orderBy(asc(issueEvents.createdAt));
  const ids = [...new Set([...membership.memberIds, ...events.map((event) => event.issueId)])];
  const board = await boardHistory(db, workspaceId, ids);
  return board.map((issue) => ({
    ...issue,
    member: timeline(
      membership.memberIds.includes(issue.id),
      events.filter((event) => event.issueId === issue.id),
      (name) => name === membership.name,
    ),
  }));
}
