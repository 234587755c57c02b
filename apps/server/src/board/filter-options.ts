import { type Database, queryRows, schema } from "@gantry/db";
import type { ObjectRef } from "@pothos/core";
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { Issue } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import type { SchemaTypes } from "../graphql/record-mutations.js";
import {
  GantryEpicFiltersInput,
  GantryEpicOrderInput,
  gantryEpicOrder,
  gantryEpicsKept,
} from "../issues/epic-filters.js";
import { GantryEpic, Release, ReleaseState } from "../issues/field-types.js";
import { IssueStateInput } from "../issues/issue-filters.js";
import { IssueTypeOption, issueTypeOptionsNamed } from "../issues/issue-type-options.js";
import { workspaceIssueTypeOwners } from "../issues/issue-type-records.js";
import { workspaceIssues } from "../issues/on-board.js";
import { Workspace } from "../workspaces/schema.js";
import { issueLabelOptions } from "./label-options.js";
import { OrderDirection } from "./order-input.js";
import { StringInput } from "./search-input.js";

/*
 * What the board's filter menus offer (SPEC §2 Board "Filters"). Labels, assignees, authors and
 * issue types are whatever the workspace's issues carry (milestones too: milestone-filter-options.ts);
 * releases and epics come from the workspace's own records (sprints/schema.ts lists sprints). Every field hangs off
 * Workspace, which only a reader of the workspace can reach.
 */

const { gantryEpics, issues, releaseRepositories, releases, repositories, workspaces } = schema;

/** Option searches are short words typed into a menu; longer text cannot match anything useful. */
const MAX_OPTION_QUERY_LENGTH = 200;

/** Contains the typed text in any case; `strpos` rather than LIKE, so % and _ are plain characters. */
export function containing(column: SQLWrapper, query: string | null | undefined): SQL | undefined {
  const text = (query ?? "").trim().slice(0, MAX_OPTION_QUERY_LENGTH).toLowerCase();
  return text ? sql`strpos(lower(${column}), ${text}) > 0` : undefined;
}

export interface LabelOption {
  name: string;
  color: string;
}

/** Labels on the workspace's issues, one per name (any case), by name. */
export function labelOptions(db: Database, workspaceId: string, query?: string | null): Promise<LabelOption[]> {
  return labelsOn(db, workspaceIssues(db, workspaceId), query);
}

/** Labels on the issues `scope` keeps, one per name (any case), by name. */
export async function labelsOn(db: Database, scope: SQL, query?: string | null): Promise<LabelOption[]> {
  const label = sql`label`;
  const name = sql<string>`${label}->>'name'`;
  const rows = await queryRows<LabelOption>(
    db,
    sql`
    select distinct on (lower(${name}) collate "C") ${name} as name, coalesce(${label}->>'color', '') as color
    from ${issues}, jsonb_array_elements(${issues.labels}) as ${label}
    where ${and(scope, containing(name, query))}
    order by lower(${name}) collate "C", ${name} collate "C"`,
  );
  return rows.map(({ name, color }) => ({ name, color }));
}

export interface UserOption {
  login: string;
  avatarUrl: string | null;
}

/** Issues of the workspace's repositories, or of those of them with these GitHub ids. */
function workspaceIssuesIn(db: Database, workspaceId: string, repositoryGhIds?: readonly number[] | null): SQL {
  const inWorkspace = workspaceIssues(db, workspaceId);
  if (!repositoryGhIds) return inWorkspace;
  if (repositoryGhIds.length === 0) return sql`false`;
  return sql`${inWorkspace} and ${issues.repositoryId} in (select ${repositories.id} from ${repositories} where ${inArray(repositories.ghId, [...repositoryGhIds])})`;
}

async function userOptions(
  db: Database,
  workspaceId: string,
  users: SQL,
  query?: string | null,
  repositoryGhIds?: readonly number[] | null,
) {
  const user = sql`person`;
  const login = sql<string>`${user}->>'login'`;
  const rows = await queryRows<{ login: string; avatar_url: string | null }>(
    db,
    sql`
    select distinct on (lower(${login}) collate "C") ${login} as login, ${user}->>'avatarUrl' as avatar_url
    from ${issues}, ${users} as ${user}
    where ${and(workspaceIssuesIn(db, workspaceId, repositoryGhIds), sql`${login} is not null`, containing(login, query))}
    order by lower(${login}) collate "C", ${login} collate "C"`,
  );
  return rows.map((row): UserOption => ({ login: row.login, avatarUrl: row.avatar_url }));
}

/** People assigned to the workspace's issues, by login. */
export function assigneeOptions(
  db: Database,
  workspaceId: string,
  query?: string | null,
  repositoryGhIds?: readonly number[] | null,
): Promise<UserOption[]> {
  return userOptions(db, workspaceId, sql`jsonb_array_elements(${issues.assignees})`, query, repositoryGhIds);
}

/** People who opened the workspace's issues, by login. */
export function authorOptions(
  db: Database,
  workspaceId: string,
  query?: string | null,
  repositoryGhIds?: readonly number[] | null,
): Promise<UserOption[]> {
  return userOptions(
    db,
    workspaceId,
    sql`jsonb_array_elements(jsonb_build_array(${issues.author}))`,
    query,
    repositoryGhIds,
  );
}

/** Distinct non-null values of one text expression over the workspace's issues, in code-point order. */
async function distinctIssueValues(db: Database, workspaceId: string, value: SQL<string>, query?: string | null) {
  // DISTINCT needs the ORDER BY expression in the select list, so the collation goes on the value itself.
  const collated = sql<string>`(${value}) collate "C"`;
  const rows = await db
    .selectDistinct({ value: collated })
    .from(issues)
    .where(and(workspaceIssues(db, workspaceId), sql`${value} is not null`, containing(value, query)))
    .orderBy(collated);
  return rows.map((row) => row.value);
}

/** Issue types ("Bug", "Feature", …) on the workspace's issues, with the records of its GitHub owners' types. */
export async function issueTypeOptions(db: Database, workspaceId: string, query?: string | null) {
  const names = await distinctIssueValues(db, workspaceId, sql<string>`${issues.issueType}`, query);
  const [workspace] = await db
    .select({ organizationId: workspaces.organizationId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) return [];
  return issueTypeOptionsNamed(db, names, await workspaceIssueTypeOwners(db, workspaceId), workspace.organizationId);
}

/** The reference's narrowing of `Workspace.releases`: these releases, those of these repositories, of this state. */
export interface ReleaseNarrowing {
  ids?: readonly string[] | null;
  repositoryIds?: readonly string[] | null;
  state?: "OPEN" | "CLOSED" | null;
}

/** Open releases before closed ones, each by title. */
export function releaseOptions(
  db: Database,
  workspaceId: string,
  query?: string | null,
  narrowing: ReleaseNarrowing = {},
) {
  const { ids, repositoryIds, state } = narrowing;
  return db
    .select()
    .from(releases)
    .where(
      and(
        eq(releases.workspaceId, workspaceId),
        containing(releases.title, query),
        ids ? (ids.length ? inArray(releases.id, [...ids]) : sql`false`) : undefined,
        repositoryIds
          ? repositoryIds.length
            ? inArray(
                releases.id,
                db
                  .select({ id: releaseRepositories.releaseId })
                  .from(releaseRepositories)
                  .where(inArray(releaseRepositories.repositoryId, [...repositoryIds])),
              )
            : sql`false`
          : undefined,
        state ? eq(releases.state, state) : undefined,
      ),
    )
    .orderBy(desc(sql`${releases.state} = 'OPEN'`), asc(sql`lower(${releases.title}) collate "C"`), asc(releases.id));
}

/** Gantry epics: open first, by title, unless `order` says otherwise; `kept` narrows them further. */
export function gantryEpicOptions(
  db: Database,
  workspaceId: string,
  query?: string | null,
  narrowing: { kept?: SQL; order?: SQL[] | null } = {},
) {
  return db
    .select()
    .from(gantryEpics)
    .where(and(eq(gantryEpics.workspaceId, workspaceId), containing(gantryEpics.title, query), narrowing.kept))
    .orderBy(
      ...(narrowing.order ?? [
        desc(sql`${gantryEpics.state} <> 'CLOSED'`),
        asc(sql`lower(${gantryEpics.title}) collate "C"`),
        asc(gantryEpics.id),
      ]),
    );
}

/** The reference's narrowing and order of `Workspace.epics`. */
export interface EpicNarrowing {
  ids?: readonly string[] | null;
  repositoryGhIds?: readonly number[] | null;
  /** The reference's IssueState; a GitHub epic is open or closed, never merged. */
  state?: "OPEN" | "CLOSED" | "MERGED" | null;
  orderBy?: { field?: "CREATED_AT" | "TITLE" | null; direction?: "ASC" | "DESC" | null } | null;
}

/** GitHub epics: the workspace's issues marked as epics; open first, by title, unless `orderBy` says otherwise. */
export function epicOptions(db: Database, workspaceId: string, query?: string | null, narrowing: EpicNarrowing = {}) {
  const { ids, repositoryGhIds, state, orderBy } = narrowing;
  const direction = orderBy?.direction === "DESC" ? desc : asc;
  const title = sql`lower(${issues.title}) collate "C"`;
  const order = orderBy
    ? [direction(orderBy.field === "TITLE" ? title : issues.ghCreatedAt), asc(issues.id)]
    : [desc(sql`${issues.state} = 'open'`), asc(title), asc(issues.id)];
  return db
    .select()
    .from(issues)
    .where(
      and(
        workspaceIssuesIn(db, workspaceId, repositoryGhIds),
        eq(issues.isEpic, true),
        containing(issues.title, query),
        ids ? (ids.length ? inArray(issues.id, [...ids]) : sql`false`) : undefined,
        state ? (state === "MERGED" ? sql`false` : eq(issues.state, state === "OPEN" ? "open" : "closed")) : undefined,
      ),
    )
    .orderBy(...order);
}

// GraphQL ----------------------------------------------------------------------------------------

const ReleaseStateInput = builder.inputType("ReleaseStateInput", {
  fields: (t) => ({ eq: t.field({ type: ReleaseState, required: true }) }),
});

const EpicOrderField = builder.enumType("EpicOrderField", { values: ["CREATED_AT", "TITLE"] as const });

const EpicOrderInput = builder.inputType("EpicOrderInput", {
  description: "CREATED_AT is when the epic's issue was opened on GitHub.",
  fields: (t) => ({
    direction: t.field({ type: OrderDirection, required: false }),
    field: t.field({ type: EpicOrderField, required: false }),
  }),
});

const IssueLabelOption = builder.objectRef<LabelOption>("IssueLabelOption").implement({
  fields: (t) => ({ name: t.exposeString("name"), color: t.exposeString("color", { nullable: true }) }),
});

export const IssueUserOption = builder.objectRef<UserOption>("IssueUserOption").implement({
  description: "A GitHub user seen on the workspace's issues.",
  fields: (t) => ({ login: t.exposeString("login"), avatarUrl: t.exposeString("avatarUrl", { nullable: true }) }),
});

type OptionsLoader<T> = (db: Database, workspaceId: string, query?: string | null) => Promise<T[]>;

builder.objectFields(Workspace, (t) => {
  const query = t.arg.string({ required: false, description: "Keeps options containing this text, in any case." });
  /** A connection over what `load` finds for the workspace, narrowed by the typed `query`. */
  const options = <T>(type: ObjectRef<SchemaTypes, T>, load: OptionsLoader<T>, description?: string) =>
    t.connection({
      type,
      ...(description ? { description } : {}),
      args: { query },
      resolve: async (workspace, args, context) =>
        arrayConnection(args, await load(context.db, workspace.id, args.query)),
    });
  /** People on the workspace's issues: `login` keeps (`in`) or drops (`nin`) logins, in any case. */
  const people = (load: typeof assigneeOptions, description: string) =>
    t.connection({
      type: IssueUserOption,
      description: `${description} \`login\` keeps (\`in\`) or leaves out (\`nin\`) logins, in any case (\`notInAny\` changes nothing: everyone listed is on an issue); \`repositoryGhIds\` keeps people on issues of these GitHub repositories.`,
      args: {
        query,
        login: t.arg({ type: StringInput, required: false }),
        repositoryGhIds: t.arg.intList({ required: false }),
      },
      resolve: async (workspace, args, context) => {
        const kept = args.login?.in ? new Set(args.login.in.map((login) => login.toLowerCase())) : null;
        const dropped = new Set((args.login?.nin ?? []).map((login) => login.toLowerCase()));
        const found = await load(context.db, workspace.id, args.query, args.repositoryGhIds ?? null);
        return arrayConnection(
          args,
          found.filter((option) => {
            const login = option.login.toLowerCase();
            return (!kept || kept.has(login)) && !dropped.has(login);
          }),
        );
      },
    });
  return {
    issueLabelOptions: t.connection({
      type: IssueLabelOption,
      description:
        "Labels on the workspace's issues, one per name, by name; `repositoryIds` keeps those of these repositories, `name` keeps (`in`) or leaves out (`nin`) names in any case. `inUse: false` adds GitHub's labels of the repositories no issue carries; `includeWorkspaceLabels` adds the workspace's Gantry labels.",
      args: {
        query,
        name: t.arg({ type: StringInput, required: false }),
        repositoryIds: t.arg.idList({ required: false }),
        inUse: t.arg.boolean({ required: false }),
        includeWorkspaceLabels: t.arg.boolean({ required: false }),
      },
      resolve: async (workspace, args, context) =>
        arrayConnection(args, await issueLabelOptions(context.db, workspace.id, args)),
    }),
    assignees: people(assigneeOptions, "People assigned to the workspace's issues."),
    authors: people(authorOptions, "People who opened the workspace's issues."),
    issueTypeOptions: options(IssueTypeOption, issueTypeOptions, "Issue types carried by the workspace's issues."),
    releases: t.connection({
      type: Release,
      description:
        "The workspace's releases, open first, by title; `ids` keeps these releases, `repositoryIds` those of one of these repositories, `state` those in it.",
      args: {
        query,
        ids: t.arg.globalIDList({ required: false, for: Release }),
        repositoryIds: t.arg.globalIDList({ required: false, for: Repository }),
        state: t.arg({ type: ReleaseStateInput, required: false }),
      },
      resolve: async (workspace, args, context) =>
        arrayConnection(
          args,
          await releaseOptions(context.db, workspace.id, args.query, {
            ids: args.ids?.map((id) => id.id) ?? null,
            repositoryIds: args.repositoryIds?.map((id) => id.id) ?? null,
            state: args.state?.eq ?? null,
          }),
        ),
    }),
    gantryEpics: t.connection({
      type: GantryEpic,
      description:
        "The workspace's Gantry epics, open first, by title (or by `orderBy`); `filters` keep some, as the board's filters read.",
      args: {
        query,
        filters: t.arg({ type: GantryEpicFiltersInput, required: false }),
        orderBy: t.arg({ type: GantryEpicOrderInput, required: false }),
      },
      resolve: async (workspace, args, context) =>
        arrayConnection(
          args,
          await gantryEpicOptions(context.db, workspace.id, args.query, {
            kept: args.filters ? gantryEpicsKept(args.filters) : undefined,
            order: gantryEpicOrder(args.orderBy),
          }),
        ),
    }),
    epics: t.connection({
      type: Issue,
      description:
        "GitHub issues used as epics in the workspace's repositories, open first, by title (or by `orderBy`); `ids`, `repositoryGhIds` and `state` keep some.",
      args: {
        query,
        ids: t.arg.globalIDList({ required: false, for: Issue }),
        repositoryGhIds: t.arg.intList({ required: false }),
        state: t.arg({ type: IssueStateInput, required: false }),
        orderBy: t.arg({ type: EpicOrderInput, required: false }),
      },
      resolve: async (workspace, args, context) =>
        arrayConnection(
          args,
          await epicOptions(context.db, workspace.id, args.query, {
            ids: args.ids?.map((id) => id.id) ?? null,
            repositoryGhIds: args.repositoryGhIds ?? null,
            state: args.state?.eq ?? null,
            orderBy: args.orderBy ?? null,
          }),
        ),
    }),
  };
});
