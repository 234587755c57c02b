import { type Database, type Executor, preparedStatement, prepareMapped, rowsMapper, schema } from "@gantry/db";
import { BOARD_PAGE_SIZE, SORT_TYPES, type SortType } from "@gantry/domain";
import DataLoader from "dataloader";
import { and, count, desc, eq, inArray, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import { type SeatProblem, seatProblem } from "../enterprise/seats.js";
import { cardColumns } from "../issues/issue-loaders.js";
import { issueOnBoardOf } from "../issues/on-board.js";
import { visibleFromJson, visibleWorkspacesJson } from "../issues/visible-workspaces.js";
import { accessColumns, accessFromRow, accessJoins, type WorkspaceAccess } from "../organizations/access.js";
import type { SprintConfigRow } from "../sprints/queries.js";
import { type BoardSearch, boardOrderBy, boardSearchCondition, keepsEverything } from "./filtering.js";
import { type IssueOnBoard, movedIssueColumns } from "./moves.js";
import { unfilteredPipelineTotals } from "./pipeline-totals.js";

const {
  issuePositions,
  issues,
  organizationMembers,
  organizations,
  pipelines,
  repositories,
  sprintConfigs,
  workspaceMembers,
  workspaceRepositories,
  workspaces,
} = schema;

type Pipeline = typeof pipelines.$inferSelect;

/**
 * Pipelines with the viewer's access to their workspace: the columns and joins of every pipeline
 * read that checks access (board pages, moves), so a request reads both in one statement.
 */
function pipelineAccessSelect<More extends SelectedFields>(db: Executor, userId: string | SQLWrapper, more: More) {
  const joins = accessJoins(userId);
  return db
    .select({ ...accessColumns, pipeline: pipelines, ...more })
    .from(pipelines)
    .innerJoin(workspaces, eq(workspaces.id, pipelines.workspaceId))
    .innerJoin(organizations, joins.organization)
    .leftJoin(organizationMembers, joins.organizationMember)
    .leftJoin(workspaceMembers, joins.workspaceMember);
}

/** What board pages read before their cards: their pipelines, then the viewer's access, visible workspaces and sprint config. */
function pageStartSelect(db: Executor, pipelinesWanted: SQL, userId: string | SQLWrapper) {
  return pipelineAccessSelect(db, userId, {
    sprintConfig: sprintConfigs,
    visible: visibleWorkspacesJson(db, userId),
  })
    .leftJoin(sprintConfigs, eq(sprintConfigs.workspaceId, workspaces.id))
    .where(pipelinesWanted);
}

// Built once per database: every board page starts with it (B1, issue #14).
const pageStartStatement = preparedStatement("board_page_start", (db, name) =>
  pageStartSelect(
    db,
    sql`${pipelines.id} = any(${sql.placeholder("pipelineIds")}::uuid[])`,
    sql.placeholder("userId"),
  ).prepare(name),
);

const placedIn = alias(pipelines, "placed_in");

/** The issue to move as moves.ts's issueToMove reads it, joined from the target pipeline's row (a null id reads none). */
const moveStartQuery = (db: Executor) =>
  pipelineAccessSelect(db, sql.placeholder("userId"), {
    ...movedIssueColumns,
    onBoard: workspaceRepositories.repositoryId,
    placedIn: { id: placedIn.id, name: placedIn.name },
  })
    .leftJoin(issues, eq(issues.id, sql.placeholder("issueId")))
    .leftJoin(repositories, eq(repositories.id, issues.repositoryId))
    .leftJoin(workspaceRepositories, issueOnBoardOf(pipelines.workspaceId))
    .leftJoin(
      issuePositions,
      and(eq(issuePositions.workspaceId, pipelines.workspaceId), eq(issuePositions.issueId, issues.id)),
    )
    .leftJoin(placedIn, eq(placedIn.id, issuePositions.pipelineId))
    .where(eq(pipelines.id, sql.placeholder("pipelineId")));
// Built once per database: every move starts with it (B2, issue #14).
const moveStartStatement = preparedStatement("move_start", (db, name) => moveStartQuery(db).prepare(name));

export interface MoveStart {
  pipeline: Pipeline;
  /** The mover's access to the pipeline's workspace, as workspaceAccess answers it. */
  access: WorkspaceAccess | null;
  /** The issue asked for with the pipeline it is placed in on this board; null when none was asked or it is not on the board. */
  issue: (IssueOnBoard & { placedIn: { id: string; name: string } | null }) | null;
}

/**
 * What a move reads before it writes, in one statement instead of three (B2, issue #14): the
 * target pipeline, the mover's access to its workspace, and the issue to move if it is on that
 * workspace's board. Null when there is no such pipeline.
 */
export async function moveStart(
  db: Database,
  pipelineId: string,
  userId: string,
  issueId: string | null,
): Promise<MoveStart | null> {
  const [row] = await (moveStartStatement(db) ?? moveStartQuery(db)).execute({ pipelineId, userId, issueId });
  if (!row) return null;
  const { pipeline, issue, repository, onBoard, placedIn: place, ...accessRow } = row;
  return {
    pipeline,
    access: await accessFromRow(db, accessRow, userId),
    issue: issue && repository && onBoard ? { issue, repository, placedIn: place } : null,
  };
}

export interface BoardPageStart {
  pipeline: Pipeline;
  /** The viewer's access to the pipeline's workspace, as workspaceAccess answers it. */
  access: WorkspaceAccess;
  /** The workspaces the viewer may open, as visibleWorkspaceIds answers them. */
  visible: Set<string>;
  /** The pipeline's workspace's sprint config, as sprintConfigOf answers it. */
  sprintConfig: SprintConfigRow | null;
}

/**
 * Board pages' pipelines, with what their pages and cards would otherwise read in three more
 * statements each, in one: the viewer's access to each workspace, the workspaces they may open,
 * and the sprint config the cards' predicted sprints start from. The board asks for its first
 * pages in one request, so they are read together. Null for a pipeline that does not exist.
 */
export async function boardPageStarts(
  db: Database,
  pipelineIds: string[],
  userId: string,
): Promise<(BoardPageStart | null)[]> {
  const prepared = pageStartStatement(db);
  const rows = prepared
    ? await prepared.execute({ pipelineIds, userId })
    : await pageStartSelect(db, inArray(pipelines.id, pipelineIds), userId);
  const byId = new Map(rows.map((row) => [row.pipeline.id, row]));
  let seat: Promise<SeatProblem | null> | undefined;
  const seatOnce = (id: string) => {
    seat ??= seatProblem(db, id);
    return seat;
  };
  return Promise.all(
    pipelineIds.map(async (pipelineId) => {
      const row = byId.get(pipelineId);
      if (!row) return null;
      const { pipeline, sprintConfig, visible, ...accessRow } = row;
      const access = await accessFromRow(db, accessRow, userId, seatOnce);
      return access ? { pipeline, access, visible: visibleFromJson(visible), sprintConfig } : null;
    }),
  );
}

const cardSelection = { issue: issues, ...cardColumns };

/** A pipeline's cards kept by `condition`, in `orderBy`'s order, without a LIMIT yet. */
function pipelineCardsSelect(db: Database, pipelineId: string | Placeholder, condition: SQL, orderBy: SQL[]) {
  return db
    .select(cardSelection)
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(and(eq(issuePositions.pipelineId, pipelineId), eq(issues.state, "open"), condition))
    .orderBy(...orderBy);
}

type CardRow = Awaited<ReturnType<typeof pipelineCardsSelect>>[number];

const mapCardRows = rowsMapper<CardRow>(cardSelection);

/** Rows a board page reads: its cards and one more, which says whether another page follows. */
const FIRST_PAGE_LIMIT = BOARD_PAGE_SIZE + 1;

/**
 * An unfiltered board's first page in each sort order, built once per database: most pages read
 * are these (B1). Its LIMIT is written into the text, not a parameter as Drizzle's `.limit()`
 * makes it: PostgreSQL estimates a parameter LIMIT at a tenth of the pipeline, so its plan for any
 * value always looked dearer than one for the value given, and it planned the page afresh on every
 * run (1.3 ms of its CPU a page). Written in, one plan per connection serves every run.
 */
const firstPageStatements = Object.fromEntries(
  SORT_TYPES.map((sortType) => [
    sortType,
    preparedStatement(`board_first_page_${sortType.toLowerCase()}`, (db, name) =>
      prepareMapped(
        db,
        {
          getSQL: () =>
            sql`${pipelineCardsSelect(db, sql.placeholder("pipelineId"), sql`true`, boardOrderBy(sortType, sql.placeholder("workspaceId"))).getSQL()} limit ${sql.raw(String(FIRST_PAGE_LIMIT))}`,
        },
        mapCardRows,
        name,
      ),
    ),
  ]),
) as Record<SortType, ReturnType<typeof preparedStatement<ReturnType<typeof prepareMapped<CardRow>>>>>;

/**
 * An open pipeline's issues kept by the board's filters and search, in the pipeline's sort order,
 * with what each card shows beyond its row (cardColumns) in the same statement: a board page's
 * cards then need no statements of their own (B1, issue #14).
 */
export function pipelineCards(
  db: Database,
  pipelineId: string,
  search: BoardSearch,
  sortType: SortType,
  limit: number,
  offset: number,
): Promise<CardRow[]> {
  const firstPage =
    offset === 0 && limit === FIRST_PAGE_LIMIT && keepsEverything(search) ? firstPageStatements[sortType](db) : null;
  if (firstPage) return firstPage.execute({ pipelineId, workspaceId: search.workspaceId });
  const orderBy = boardOrderBy(sortType, search.workspaceId);
  return prepareMapped(
    db,
    pipelineCardsSelect(db, pipelineId, boardSearchCondition(search), orderBy).limit(limit).offset(offset),
    mapCardRows,
  ).execute();
}

/** SPEC §3 pipelineCounts from grouped rows: issues, pull requests, and the points they carry. */
function countsOf(rows: { isPullRequest: boolean; value: number; points: number | null }[]) {
  return {
    issuesCount: rows.find((row) => !row.isPullRequest)?.value ?? 0,
    pullRequestsCount: rows.find((row) => row.isPullRequest)?.value ?? 0,
    totalStoryPoints: rows.reduce((sum, row) => sum + (row.points ?? 0), 0),
  };
}

const countColumns = {
  isPullRequest: issues.isPullRequest,
  value: count(),
  points: sql<number | null>`sum(${issues.estimate})`.mapWith(Number),
};

/** The counts of what an open pipeline shows under the board's filters. */
export async function pipelineCounts(db: Database, pipelineId: string, search: BoardSearch) {
  const [counts] = await manyPipelineCounts(db, [pipelineId], search);
  return counts ?? countsOf([]);
}

/**
 * The counts of several open pipelines under one search, in one grouped query: the board asks
 * for every pipeline's counts at once, and one pass over the workspace's positions costs about
 * what one pipeline's count did (decision 0046).
 */
export async function manyPipelineCounts(db: Database, pipelineIds: string[], search: BoardSearch) {
  const rows = keepsEverything(search)
    ? await unfilteredPipelineTotals(db, pipelineIds)
    : await db
        .select({ pipelineId: issuePositions.pipelineId, ...countColumns })
        .from(issuePositions)
        .innerJoin(issues, eq(issues.id, issuePositions.issueId))
        .where(
          and(inArray(issuePositions.pipelineId, pipelineIds), eq(issues.state, "open"), boardSearchCondition(search)),
        )
        .groupBy(issuePositions.pipelineId, issues.isPullRequest);
  return pipelineIds.map((id) => countsOf(rows.filter((row) => row.pipelineId === id)));
}

type Counts = ReturnType<typeof countsOf>;
const countLoaders = new WeakMap<object, Map<string, DataLoader<string, Counts>>>();

/**
 * An open pipeline's counts, batched with the other pipelines asked for in the same request
 * under the same search (one query for the board's whole row of headers).
 */
export function batchedPipelineCounts(
  request: { db: Database },
  pipelineId: string,
  search: BoardSearch,
): Promise<Counts> {
  const bySearch = countLoaders.get(request) ?? new Map<string, DataLoader<string, Counts>>();
  countLoaders.set(request, bySearch);
  const key = JSON.stringify(search);
  let loader = bySearch.get(key);
  if (!loader) {
    loader = new DataLoader((ids: readonly string[]) => manyPipelineCounts(request.db, [...ids], search));
    bySearch.set(key, loader);
  }
  return loader.load(pipelineId);
}

/** Issues of the repositories connected to the workspace. */
export function workspaceIssues(workspaceId: string) {
  return inArray(
    issues.repositoryId,
    sql`(select ${workspaceRepositories.repositoryId} from ${workspaceRepositories} where ${workspaceRepositories.workspaceId} = ${workspaceId})`,
  );
}

function closedCondition(search: BoardSearch): SQL | undefined {
  return and(workspaceIssues(search.workspaceId), eq(issues.state, "closed"), boardSearchCondition(search));
}

/** The Closed pipeline: the workspace's closed issues kept by the filters, most recently closed first. */
export function closedIssues(db: Database, search: BoardSearch, limit: number, offset: number) {
  return db
    .select()
    .from(issues)
    .where(closedCondition(search))
    .orderBy(desc(issues.closedAt), desc(issues.number))
    .limit(limit)
    .offset(offset);
}

export async function closedCounts(db: Database, search: BoardSearch) {
  const rows = await db.select(countColumns).from(issues).where(closedCondition(search)).groupBy(issues.isPullRequest);
  return countsOf(rows);
}
