/**
 * One pipeline's order under concurrent writers: the lock every rank writer takes first, and
 * the two neighbour ranks a move needs (decision 0046).
 */
import { type Database, type Executor, preparedStatement, prepareSql, queryRows, schema } from "@gantry/db";
import { asc, inArray, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";

const { issues, pipelines } = schema;

/**
 * Takes, inside a transaction, the locks that keep one pipeline's order sound while many write
 * it: every writer that gives issues ranks in a pipeline calls this before reading any rank, so
 * the next one reads the ranks the last one committed and two issues never share a rank.
 * The order is the same everywhere: the issues' rows first (FOR KEY SHARE: the timeline rows the
 * move writes would take it anyway), then the pipelines' rows (FOR NO KEY UPDATE), several in id
 * order. A webhook updates an issue's row before placing it, so taking the pipeline first could
 * deadlock with it; and FOR UPDATE would also block the foreign-key checks of positions written
 * into the pipeline, the deadlock that made an earlier fix fail (decision 0046).
 */
export async function lockPipelineOrder(tx: Executor, pipelineId: string | string[], issueIds: string[]) {
  const pipelineIds = [...new Set(typeof pipelineId === "string" ? [pipelineId] : pipelineId)].sort();
  if (issueIds.length > 0) {
    await tx
      .select({ id: issues.id })
      .from(issues)
      .where(inArray(issues.id, issueIds))
      .orderBy(asc(issues.id))
      .for("key share");
  }
  // Sorted, so two writers locking the same pipelines take them in the same order.
  const locked = await tx
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(inArray(pipelines.id, pipelineIds))
    .orderBy(asc(pipelines.id))
    .for("no key update");
  if (locked.length < pipelineIds.length)
    throw new GantryError("NOT_FOUND", "This pipeline is not on this workspace's board.");
}

/** One issue moving to a position in one open pipeline, as moveIssue asks gantry_move_issue. */
export interface MoveIntoPipeline {
  workspaceId: string;
  issueId: string;
  pipelineId: string;
  /** Index among the pipeline's other open issues: 0 the top; negative or past the last the bottom. */
  position: number;
  actorId: string;
  /** The timeline entry's pipeline names; none is written when they are the same. */
  from: string | null;
  to: string | null;
  movedAt: Date;
}

const moveIssueSql = (value: (name: keyof MoveIntoPipeline) => unknown) =>
  sql`select gantry_move_issue(${value("workspaceId")}::uuid, ${value("issueId")}::uuid, ${value("pipelineId")}::uuid,
    ${value("position")}::integer, ${value("actorId")}::uuid, ${value("from")}::text, ${value("to")}::text,
    ${value("movedAt")}::timestamptz) as rank`;

const moveIssueStatement = preparedStatement("move_issue_in_order", (db, name) =>
  prepareSql<{ rank: string | null }>(db, name, moveIssueSql(sql.placeholder)),
);

/**
 * What lockPipelineOrder, neighbourRanks, rankBetween and placeIssues do for one issue's move,
 * with the move's timeline entry, in ONE statement: the database function gantry_move_issue
 * (migration 0030, decision 0053) takes the same locks in the same order and reads the neighbours
 * under them. It runs on its own, not in a caller's transaction: a round trip to PostgreSQL cost
 * the server more than the statement cost the database (B2, issue #14), and the transaction of
 * BEGIN, four statements and COMMIT took six. A null rank back means the issue or the pipeline is gone.
 */
export async function moveIntoPipeline(db: Database, move: MoveIntoPipeline): Promise<void> {
  const values = { ...move, movedAt: move.movedAt.toISOString() };
  const statement = moveIssueStatement(db);
  const [row] = statement
    ? await statement.execute(values)
    : await queryRows<{ rank: string | null }>(
        db,
        moveIssueSql((name) => values[name]),
      );
  if (!row?.rank) throw new GantryError("NOT_FOUND", "This pipeline is not on this workspace's board.");
}

/** Both drivers answer a plain statement with a `rows` array. */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/**
 * The ranks either side of `position` among the pipeline's open issues other than the moving
 * ones: 0 is above the first; negative or past the last is below the last. Reads at most two
 * rows through the (pipeline, rank collate "C") index instead of the whole pipeline. Bulk moves
 * and new issues read it; a single move reads the same neighbours inside gantry_move_issue.
 */
export async function neighbourRanks(
  executor: Executor,
  pipelineId: string,
  movingIssueIds: string[],
  position: number,
): Promise<[string | null, string | null]> {
  const notMoving = movingIssueIds.length
    ? sql`and p.issue_id not in (${sql.join(
        movingIssueIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const open = (order: "asc" | "desc", offset: number, limit: number) =>
    executor
      .execute(
        sql`select p.rank from issue_positions p inner join issues i on i.id = p.issue_id
          where p.pipeline_id = ${pipelineId} and i.state = 'open' ${notMoving}
          order by p.rank collate "C" ${sql.raw(order)} offset ${offset} limit ${limit}`,
      )
      .then((result) => (rowsOf(result) as { rank: string }[]).map((row) => row.rank));
  if (position === 0) {
    const [first] = await open("asc", 0, 1);
    return [null, first ?? null];
  }
  if (position > 0) {
    const [above, below] = await open("asc", position - 1, 2);
    if (above !== undefined) return [above, below ?? null];
  }
  const [last] = await open("desc", 0, 1);
  return [last ?? null, null];
}
