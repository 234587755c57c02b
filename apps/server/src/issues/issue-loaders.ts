import { preparedStatement, prepareSql, queryRows, schema, sqlText } from "@gantry/db";
import { createContextCache } from "@pothos/core";
import { dataloaderGetter } from "@pothos/plugin-dataloader";
import { type AnyColumn, getTableColumns, inArray, type SQL, sql, type Table } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { GraphQLContext } from "../graphql/context.js";
import { type MaybePromise, whenReady } from "../graphql/maybe-promise.js";

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

/**
 * A batched loader that answers at once what the request already holds, primed by a page's
 * statement or loaded before: a board page's cards then read their relations without a promise
 * each (B1, issue #14).
 */
function batchedKnown<V>(load: (keys: string[], context: GraphQLContext) => Promise<V[]>) {
  const loader = batched(load);
  const known = createContextCache((_context: GraphQLContext) => new Map<string, V>());
  return (context: GraphQLContext) => {
    const values = known(context);
    return {
      load: (key: string): MaybePromise<V> => {
        if (values.has(key)) return values.get(key) as V;
        return loader(context)
          .load(key)
          .then((value) => {
            values.set(key, value);
            return value;
          });
      },
      prime: (key: string, value: V) => {
        values.set(key, value);
      },
    };
  };
}

/** Rows grouped by key, one (possibly empty) list per requested key, in order. */
export function groupBy<T>(keys: string[], rows: T[], keyOf: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
}

/** Rows in the order of the keys asked for, by a map: a page asks for hundreds. */
function byKey<T extends { id: string }>(ids: string[], rows: T[]): (T | undefined)[] {
  const found = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => found.get(id));
}

/** `= any($ids)` keeps one statement text for any number of keys, so it is built once (B1). */
const anyId = (column: AnyColumn) => sql`${column} = any(${sql.placeholder("ids")}::uuid[])`;

export const issueById = batched<IssueRow | null>(async (ids, { db }) => {
  const rows = await db.select().from(issues).where(inArray(issues.id, ids));
  return byKey(ids, rows).map((row) => row ?? null);
});

const repositoriesStatement = preparedStatement("repositories_by_id", (db, name) =>
  db.select().from(repositories).where(anyId(repositories.id)).prepare(name),
);

export const repositoryById = batchedKnown<typeof repositories.$inferSelect>(async (ids, { db }) => {
  const prepared = repositoriesStatement(db);
  const rows = prepared
    ? await prepared.execute({ ids })
    : await db.select().from(repositories).where(inArray(repositories.id, ids));
  return byKey(ids, rows).map((row, index) => {
    if (!row) throw new Error(`repository ${ids[index]} vanished`);
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

export interface Dependency {
  workspaceId: string;
  issue: IssueRow;
}

export interface WorkspacePlace {
  workspaceId: string;
  pipelineId: string;
  movedAt: Date;
  priority: typeof priorities.$inferSelect | null;
}

/** Everything a card shows beyond its own row, for one issue. */
interface CardRelations {
  childProgress: ChildProgress;
  parentEpics: IssueRow[];
  parentGantryEpics: (typeof gantryEpics.$inferSelect)[];
  sprints: (typeof sprints.$inferSelect)[];
  releases: (typeof releases.$inferSelect)[];
  blocking: Dependency[];
  blocked: Dependency[];
  places: WorkspacePlace[];
}

type JsonObject = Record<string, unknown>;

/** A table's row from its JSON form (`to_json(row)`), converted as the driver's own rows are. */
function rowFromJson<T extends Table>(table: T, json: JsonObject): T["$inferSelect"] {
  const row: JsonObject = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}

/** A `json_agg` column: both drivers parse json, but an empty aggregate is SQL null. */
const jsonList = (value: unknown): JsonObject[] =>
  ((typeof value === "string" ? JSON.parse(value) : value) as JsonObject[] | null) ?? [];

const dependencyFromJson = (json: JsonObject): Dependency => ({
  workspaceId: json.workspaceId as string,
  issue: rowFromJson(issues, json.issue as JsonObject),
});

interface AliasedIssues {
  columns: typeof issues;
  from: SQL;
  row: SQL;
}

/** A card's relations from its row's json columns (none when the issue is gone). */
function relationsFromRow(row: Partial<Record<keyof CardRelations, unknown>> | undefined): CardRelations {
  return {
    childProgress: progressByState(jsonList(row?.childProgress) as { state: string; count: number; points: number }[]),
    parentEpics: jsonList(row?.parentEpics).map((json) => rowFromJson(issues, json)),
    parentGantryEpics: jsonList(row?.parentGantryEpics).map((json) => rowFromJson(gantryEpics, json)),
    sprints: jsonList(row?.sprints).map((json) => rowFromJson(sprints, json)),
    releases: jsonList(row?.releases).map((json) => rowFromJson(releases, json)),
    blocking: jsonList(row?.blocking).map(dependencyFromJson),
    blocked: jsonList(row?.blocked).map(dependencyFromJson),
    places: jsonList(row?.places).map((json) => ({
      workspaceId: json.workspaceId as string,
      pipelineId: json.pipelineId as string,
      movedAt: new Date(json.movedAt as string),
      priority: json.priority ? rowFromJson(priorities, json.priority as JsonObject) : null,
    })),
  };
}

/**
 * Each relation as a correlated subquery on `issues`. They hold no values, so they are rendered
 * to text once: building them with Drizzle on every page cost more Node CPU than PostgreSQL
 * spent running them (B1, issue #14).
 */
const cardRelationColumns = (() => {
  // The issues table three more times, under names the subqueries refer to.
  const [epic, child, other] = ["epic", "child", "other"].map((name) => ({
    columns: alias(issues, name),
    from: sql`${issues} as ${sql.identifier(name)}`,
    row: sql`to_json(${sql.identifier(name)})`,
  })) as [AliasedIssues, AliasedIssues, AliasedIssues];
  const subqueries: Record<keyof CardRelations, SQL> = {
    childProgress: sql`(select json_agg(json_build_object('state', totals.state, 'count', totals.count, 'points', totals.points))
        from (select ${child.columns.state} as state, count(*)::int as count, coalesce(sum(${child.columns.estimate}), 0)::float8 as points
          from ${child.from} where ${child.columns.parentIssueId} = ${issues.id} group by ${child.columns.state}) totals)`,
    parentEpics: sql`(select json_agg(${epic.row} order by ${epic.columns.number})
        from ${epicIssues} join ${epic.from} on ${epic.columns.id} = ${epicIssues.epicId}
        where ${epicIssues.issueId} = ${issues.id})`,
    parentGantryEpics: sql`(select json_agg(to_json(${gantryEpics}) order by ${gantryEpics.createdAt})
        from ${gantryEpicIssues} join ${gantryEpics} on ${gantryEpics.id} = ${gantryEpicIssues.gantryEpicId}
        where ${gantryEpicIssues.issueId} = ${issues.id})`,
    sprints: sql`(select json_agg(to_json(${sprints}) order by ${sprints.startAt})
        from ${sprintIssues} join ${sprints} on ${sprints.id} = ${sprintIssues.sprintId}
        where ${sprintIssues.issueId} = ${issues.id})`,
    releases: sql`(select json_agg(to_json(${releases}) order by ${releases.createdAt})
        from ${releaseIssues} join ${releases} on ${releases.id} = ${releaseIssues.releaseId}
        where ${releaseIssues.issueId} = ${issues.id})`,
    blocking: sql`(select json_agg(json_build_object('workspaceId', ${issueDependencies.workspaceId}, 'issue', ${other.row})
          order by ${issueDependencies.createdAt})
        from ${issueDependencies} join ${other.from} on ${other.columns.id} = ${issueDependencies.blockingIssueId}
        where ${issueDependencies.blockedIssueId} = ${issues.id})`,
    blocked: sql`(select json_agg(json_build_object('workspaceId', ${issueDependencies.workspaceId}, 'issue', ${other.row})
          order by ${issueDependencies.createdAt})
        from ${issueDependencies} join ${other.from} on ${other.columns.id} = ${issueDependencies.blockedIssueId}
        where ${issueDependencies.blockingIssueId} = ${issues.id})`,
    places: sql`(select json_agg(json_build_object('workspaceId', ${issuePositions.workspaceId}, 'pipelineId', ${issuePositions.pipelineId},
          'movedAt', ${issuePositions.movedAt}, 'priority', case when ${priorities.id} is null then null else to_json(${priorities}) end))
        from ${issuePositions} left join ${priorities} on ${priorities.id} = ${issuePositions.priorityId}
        where ${issuePositions.issueId} = ${issues.id})`,
  };
  return Object.fromEntries(
    Object.entries(subqueries).map(([key, subquery]) => [key, sql.raw(sqlText(subquery))]),
  ) as Record<keyof CardRelations, SQL>;
})();

/** The card relations' statement for the issues `where` picks (a placeholder list, or the ids themselves). */
function cardRelationsSql(where: SQL): SQL {
  const columns = Object.entries(cardRelationColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`);
  return sql`select ${issues.id} as "id", ${sql.join(columns, sql`, `)} from ${issues} where ${where}`;
}

/**
 * A page query's columns for its cards (the relations and the repository), so the page primes the
 * card loaders (primeCards) instead of each costing a statement of its own (B1). The query must
 * read `issues` under its own name and join `repositories` on the issue's repository.
 */
export const cardColumns = {
  ...(cardRelationColumns as Record<keyof CardRelations, SQL<unknown>>),
  repository: repositories,
};

type CardColumnsRow = { [K in keyof CardRelations]: unknown } & { repository: typeof repositories.$inferSelect };

/** Hands a page's card columns to the loaders its cards' fields read from. */
export function primeCards(context: GraphQLContext, rows: (CardColumnsRow & { issue: IssueRow })[]): void {
  const relations = cardRelationsOf(context);
  const repositoryLoader = repositoryById(context);
  for (const row of rows) {
    relations.prime(row.issue.id, relationsFromRow(row));
    repositoryLoader.prime(row.repository.id, row.repository);
  }
}

// About 2,900 characters that Drizzle took longer to build than PostgreSQL to run: built once per database.
const cardRelationsStatement = preparedStatement("card_relations", (db, name) =>
  prepareSql<Record<string, unknown>>(db, name, cardRelationsSql(anyId(issues.id))),
);

/**
 * Every relation a board card shows (sub-issue progress, epics, sprints, releases, dependencies,
 * board places), for a page of issues in ONE statement: per-relation queries cost a round trip
 * and a statement each, about ten per page, and the board asks for eight pages at once (B1).
 */
const cardRelationsOf = batchedKnown<CardRelations>(async (ids, { db }) => {
  const prepared = cardRelationsStatement(db);
  const rows = prepared
    ? await prepared.execute({ ids })
    : await queryRows<Record<string, unknown>>(db, cardRelationsSql(inArray(issues.id, ids)));
  const byId = new Map(rows.map((row) => [row.id as string, row]));
  return ids.map((id) => relationsFromRow(byId.get(id)));
});

/** One of a card's relations, read with the others (cardRelationsOf). */
function cardRelation<K extends keyof CardRelations>(key: K) {
  return (context: GraphQLContext) => ({
    load: (issueId: string): MaybePromise<CardRelations[K]> =>
      whenReady(cardRelationsOf(context).load(issueId), (relations) => relations[key]),
  });
}

/** Sub-issue counts and points by state, for each parent issue. */
export const childProgressByParent = cardRelation("childProgress");
/** The GitHub epics (issues with `is_epic`) holding each issue. */
export const parentEpicsOf = cardRelation("parentEpics");
export const parentGantryEpicsOf = cardRelation("parentGantryEpics");
export const sprintsOf = cardRelation("sprints");
export const releasesOf = cardRelation("releases");
/** The issues blocking each issue ("blocking blocks blocked"), with the workspace saying so. */
export const blockingIssuesOf = cardRelation("blocking");
/** The issues each issue blocks. */
export const blockedIssuesOf = cardRelation("blocked");
/** Each issue's row on every board it has a place on: pipeline and priority. */
export const placesOf = cardRelation("places");

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

export const pipelineById = batchedKnown<typeof schema.pipelines.$inferSelect>(async (ids, { db }) => {
  const rows = await db.select().from(schema.pipelines).where(inArray(schema.pipelines.id, ids));
  return byKey(ids, rows).map((row, index) => {
    if (!row) throw new Error(`pipeline ${ids[index]} vanished`);
    return row;
  });
});
