import { type Executor, preparedStatement, schema } from "@gantry/db";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { gitHubError } from "../codehost/errors.js";
import { clientForUser } from "../codehost/repositories.js";
import { GantryError } from "../graphql/errors.js";
import { recordIssueEvents } from "../issues/activity.js";
import { requireAccess, type WorkspaceAccess, workspaceAccess } from "../organizations/access.js";
import { CLOSED_PIPELINE } from "../workspaces/default-pipelines.js";
import { type IssueWriteDeps, requireGitHub } from "./issue-writes.js";
import { mirrorPipelineLabel } from "./pipeline-labels.js";
import { moveIntoPipeline } from "./pipeline-order.js";

const { issuePositions, issues, pipelines, repositories, workspaceRepositories } = schema;

export interface MoveIssueInput {
  /** A pipeline's database id, or the Closed pipeline's fixed id. */
  pipelineId: string;
  issueId: string;
  /** Index in the target pipeline's open issues: 0 is the top; negative or too large is the bottom. */
  position: number;
  /** Sent back on the board event, so the client that moved the card can ignore the echo. */
  clientMutationId?: string | null;
  /** The target pipeline's row, when the caller has read it already (the mutation has). */
  pipeline?: typeof pipelines.$inferSelect;
  /** The mover's access to the workspace, when the caller has read it with the pipeline (the mutation has). */
  access?: WorkspaceAccess | null;
  /** The issue as issueToMove answers it for this workspace, when the caller has read it (moveStart); null: not on its board. */
  issue?: IssueToMove | null;
}

/**
 * What a move reads of the issue and its repository: its state, the number and labels GitHub
 * knows it by, and where to reach it there (no ghId: a native issue). Not whole rows: a move
 * needs no body or webhook secret, and each column read is parsed on every move (B2, issue #14).
 * The mutation's answer reads the issue afresh, and only when asked.
 */
export const movedIssueColumns = {
  issue: { id: issues.id, state: issues.state, number: issues.number, labels: issues.labels },
  repository: {
    id: repositories.id,
    ghId: repositories.ghId,
    ownerLogin: repositories.ownerLogin,
    name: repositories.name,
  },
};

export type IssueOnBoard = {
  issue: Pick<typeof issues.$inferSelect, keyof typeof movedIssueColumns.issue>;
  repository: Pick<typeof repositories.$inferSelect, keyof typeof movedIssueColumns.repository>;
};

/** The given issues that are on the workspace's board (others are left out), in no set order. */
export async function issuesInWorkspace(executor: Executor, workspaceId: string, issueIds: string[]) {
  if (issueIds.length === 0) return [];
  return executor
    .select({ issue: issues, repository: repositories })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, repositories.id))
    .where(and(inArray(issues.id, issueIds), eq(workspaceRepositories.workspaceId, workspaceId)));
}

const issueToMoveQuery = (executor: Executor) =>
  executor
    .select({ ...movedIssueColumns, placedIn: { id: pipelines.id, name: pipelines.name } })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, repositories.id))
    .leftJoin(
      issuePositions,
      and(eq(issuePositions.workspaceId, sql.placeholder("workspaceId")), eq(issuePositions.issueId, issues.id)),
    )
    .leftJoin(pipelines, eq(pipelines.id, issuePositions.pipelineId))
    .where(
      and(
        eq(issues.id, sql.placeholder("issueId")),
        eq(workspaceRepositories.workspaceId, sql.placeholder("workspaceId")),
      ),
    );
// Built once per database (B2, issue #14: building this join's selection was a good part of a
// move's Node CPU); the name also lets each PostgreSQL connection parse and plan it once.
const issueToMoveStatement = preparedStatement("move_issue_to_move", (db, name) => issueToMoveQuery(db).prepare(name));

/** Where the issue is on the board it moves on: the Closed pipeline when closed, none when unplaced. */
export function withPlace({ placedIn, ...onBoard }: IssueOnBoard & { placedIn: { id: string; name: string } | null }) {
  const from =
    onBoard.issue.state === "closed" ? CLOSED_PIPELINE : { id: placedIn?.id ?? null, name: placedIn?.name ?? null };
  return { ...onBoard, from };
}

export type IssueToMove = ReturnType<typeof withPlace>;

/**
 * The issue, if it is on the workspace's board, with the pipeline it is in there (id and name;
 * the Closed pipeline for a closed issue, none for an unplaced one), in one read.
 */
async function issueToMove(executor: Executor, workspaceId: string, issueId: string) {
  const values = { workspaceId, issueId };
  const [row] = await (issueToMoveStatement(executor) ?? issueToMoveQuery(executor)).execute(values);
  return row && withPlace(row);
}

/** An open pipeline of this workspace, by database id. */
export async function workspacePipeline(executor: Executor, workspaceId: string, pipelineId: string) {
  const [pipeline] = await executor.select().from(pipelines).where(eq(pipelines.id, pipelineId));
  if (pipeline?.workspaceId !== workspaceId)
    throw new GantryError("NOT_FOUND", "This pipeline is not on this workspace's board.");
  return pipeline;
}

/**
 * Closes or reopens the issue and answers the issue row's new state: a GitHub issue on GitHub
 * first, from GitHub's answer; a native issue (its repository is the workspace's Gantry
 * repository) only here.
 */
async function newIssueState(deps: IssueWriteDeps, userId: string, row: IssueOnBoard, state: "open" | "closed") {
  if (row.repository.ghId === null) {
    const now = deps.now();
    return { state, closedAt: state === "closed" ? now : null, ghUpdatedAt: now, updatedAt: now };
  }
  const { client } = await clientForUser(requireGitHub(deps), userId);
  let data: { closed_at: string | null; updated_at: string };
  try {
    ({ data } = await client.rest.issues.update({
      owner: row.repository.ownerLogin,
      repo: row.repository.name,
      issue_number: row.issue.number,
      state,
    }));
  } catch (error) {
    throw gitHubError(error);
  }
  const now = deps.now();
  return state === "closed"
    ? {
        state,
        closedAt: data.closed_at ? new Date(data.closed_at) : now,
        ghUpdatedAt: new Date(data.updated_at),
        updatedAt: now,
      }
    : { state, closedAt: null, ghUpdatedAt: new Date(data.updated_at), updatedAt: now };
}

/** Stores the issue's new state with its timeline entry. */
async function storeIssueState(
  deps: IssueWriteDeps,
  userId: string,
  row: IssueOnBoard,
  values: Awaited<ReturnType<typeof newIssueState>>,
) {
  await deps.db.transaction(async (tx) => {
    await tx.update(issues).set(values).where(eq(issues.id, row.issue.id));
    await recordIssueEvents(
      tx,
      [{ issueId: row.issue.id, field: "state", from: row.issue.state, to: values.state, actorId: userId }],
      values.updatedAt,
    );
  });
}

/** Closes an open issue (on GitHub first for a GitHub issue) and stores it closed; a closed one stays as it is. */
export async function closeIssue(deps: IssueWriteDeps, userId: string, row: IssueOnBoard) {
  if (row.issue.state === "closed") return;
  await storeIssueState(deps, userId, row, await newIssueState(deps, userId, row, "closed"));
}

/** Puts each move on its issue's timeline, by pipeline name ("Closed" for the Closed pipeline). */
export async function recordPipelineMoves(
  executor: Executor,
  now: Date,
  userId: string,
  workspaceId: string,
  moves: { issueId: string; fromPipelineId: string | null }[],
  toPipelineId: string,
) {
  const ids = [...new Set([toPipelineId, ...moves.flatMap((move) => move.fromPipelineId ?? [])])].filter(
    (id) => id !== CLOSED_PIPELINE.id,
  );
  const rows = ids.length
    ? await executor
        .select({ id: pipelines.id, name: pipelines.name })
        .from(pipelines)
        .where(inArray(pipelines.id, ids))
    : [];
  const name = (id: string | null) =>
    id === CLOSED_PIPELINE.id ? CLOSED_PIPELINE.name : (rows.find((row) => row.id === id)?.name ?? null);
  await recordNamedPipelineMoves(
    executor,
    now,
    userId,
    workspaceId,
    moves.map((move) => ({ issueId: move.issueId, from: name(move.fromPipelineId) })),
    name(toPipelineId),
  );
}

/** recordPipelineMoves, for a caller that knows the pipelines' names. */
async function recordNamedPipelineMoves(
  executor: Executor,
  now: Date,
  userId: string,
  workspaceId: string,
  moves: { issueId: string; from: string | null }[],
  to: string | null,
) {
  await recordIssueEvents(
    executor,
    moves.map((move) => ({
      issueId: move.issueId,
      workspaceId,
      field: "pipeline",
      from: move.from,
      to,
      actorId: userId,
    })),
    now,
  );
}

/**
 * Everything before an issue lands in an open pipeline: a closed issue is reopened (on GitHub
 * first for a GitHub issue, and stored as open at once), and on a workspace mirroring pipelines
 * a GitHub issue gets the pipeline's label. GitHub refusing throws.
 */
export async function prepareOpenMove(
  deps: IssueWriteDeps,
  userId: string,
  row: IssueOnBoard,
  pipeline: { name: string },
  mirrorLabels: boolean,
) {
  if (row.issue.state === "closed")
    await storeIssueState(deps, userId, row, await newIssueState(deps, userId, row, "open"));
  if (mirrorLabels && row.repository.ghId !== null) {
    try {
      await mirrorPipelineLabel(requireGitHub(deps), userId, row, pipeline.name);
    } catch (error) {
      throw gitHubError(error);
    }
  }
}

/** The ranks of the pipeline's open issues in board order, leaving out the ones being moved. */
export async function openRanks(executor: Executor, pipelineId: string, movingIssueIds: string[]) {
  const rows = await executor
    .select({ rank: issuePositions.rank })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(
      and(
        eq(issuePositions.pipelineId, pipelineId),
        eq(issues.state, "open"),
        movingIssueIds.length ? notInArray(issuePositions.issueId, movingIssueIds) : undefined,
      ),
    )
    .orderBy(asc(sql`${issuePositions.rank} collate "C"`));
  return rows.map((row) => row.rank);
}

/** Puts each issue in the pipeline at its rank, on this workspace's board. */
export async function placeIssues(
  executor: Executor,
  workspaceId: string,
  pipelineId: string,
  placements: { issueId: string; rank: string }[],
  movedAt: Date,
) {
  // Plain SQL: the same statement the query builder made, without building it for every issue.
  for (const { issueId, rank } of placements) {
    await executor.execute(sql`insert into issue_positions (workspace_id, issue_id, pipeline_id, rank, moved_at, joined_at)
      values (${workspaceId}, ${issueId}, ${pipelineId}, ${rank}, ${movedAt.toISOString()}, ${movedAt.toISOString()})
      on conflict (workspace_id, issue_id) do update
      set pipeline_id = excluded.pipeline_id, rank = excluded.rank, moved_at = excluded.moved_at`);
  }
}

/**
 * Moves an issue to a position in a pipeline (moveIssue). The new rank lies between its new
 * neighbours', so one row changes; the pipeline's order lock makes concurrent moves to the same
 * spot take turns, so each reads the ranks the one before it wrote. Moving to
 * Closed closes the issue (on GitHub too for a GitHub issue); moving a closed issue out reopens it.
 */
export async function moveIssue(deps: IssueWriteDeps, userId: string, workspaceId: string, input: MoveIssueInput) {
  const access =
    input.access?.workspace.id === workspaceId ? input.access : await workspaceAccess(deps.db, workspaceId, userId);
  const { workspace } = await requireAccess(deps.db, access, userId, "editor");
  const row =
    input.issue === undefined || (input.issue && input.issue.issue.id !== input.issueId)
      ? await issueToMove(deps.db, workspaceId, input.issueId)
      : input.issue;
  if (!row) throw new GantryError("NOT_FOUND", "This issue is not on this workspace's board.");
  const { from } = row;
  const announce = (toPipelineId: string) =>
    deps.events.publish({
      kind: "ISSUES_MOVED",
      workspaceId,
      actorId: userId,
      clientMutationId: input.clientMutationId ?? null,
      issueIds: [row.issue.id],
      fromPipelineId: from.id,
      toPipelineId,
    });

  const moves = [{ issueId: row.issue.id, from: from.name }];
  if (input.pipelineId === CLOSED_PIPELINE.id) {
    await closeIssue(deps, userId, row);
    await recordNamedPipelineMoves(deps.db, deps.now(), userId, workspaceId, moves, CLOSED_PIPELINE.name);
    await announce(CLOSED_PIPELINE.id);
    return { issueId: row.issue.id, pipelineId: CLOSED_PIPELINE.id };
  }

  const pipeline =
    input.pipeline?.id === input.pipelineId && input.pipeline.workspaceId === workspaceId
      ? input.pipeline
      : await workspacePipeline(deps.db, workspaceId, input.pipelineId);
  await prepareOpenMove(deps, userId, row, pipeline, workspace.pipelineLabelSync);

  await moveIntoPipeline(deps.db, {
    workspaceId,
    issueId: row.issue.id,
    pipelineId: pipeline.id,
    position: input.position,
    actorId: userId,
    from: from.name,
    to: pipeline.name,
    movedAt: deps.now(),
  });
  await announce(pipeline.id);
  return { issueId: row.issue.id, pipelineId: pipeline.id };
}
