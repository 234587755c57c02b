import { type Database, queryRows, schema } from "@gantry/db";
import type { ObjectRef } from "@pothos/core";
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import type { SchemaTypes } from "../graphql/record-mutations.js";
import { GantryEpic, Release } from "../issues/field-types.js";
import { Workspace } from "../workspaces/schema.js";

/*
 * What the board's filter menus offer (SPEC §2 Board "Filters"). Labels, assignees, authors and
 * issue types are whatever the workspace's issues carry (milestones too: milestone-filter-options.ts);
 * releases and epics come from the workspace's own records (sprints/schema.ts lists sprints). Every field hangs off
 * Workspace, which only a reader of the workspace can reach.
 */

const { gantryEpics, issues, releases, workspaceRepositories } = schema;

/** Option searches are short words typed into a menu; longer text cannot match anything useful. */
const MAX_OPTION_QUERY_LENGTH = 200;

function workspaceIssues(db: Database, workspaceId: string): SQL {
  return inArray(
    issues.repositoryId,
    db
      .select({ id: workspaceRepositories.repositoryId })
      .from(workspaceRepositories)
      .where(eq(workspaceRepositories.workspaceId, workspaceId)),
  );
}

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

async function userOptions(db: Database, workspaceId: string, users: SQL, query?: string | null) {
  const user = sql`person`;
  const login = sql<string>`${user}->>'login'`;
  const rows = await queryRows<{ login: string; avatar_url: string | null }>(
    db,
    sql`
    select distinct on (lower(${login}) collate "C") ${login} as login, ${user}->>'avatarUrl' as avatar_url
    from ${issues}, ${users} as ${user}
    where ${and(workspaceIssues(db, workspaceId), sql`${login} is not null`, containing(login, query))}
    order by lower(${login}) collate "C", ${login} collate "C"`,
  );
  return rows.map((row): UserOption => ({ login: row.login, avatarUrl: row.avatar_url }));
}

/** People assigned to the workspace's issues, by login. */
export function assigneeOptions(db: Database, workspaceId: string, query?: string | null): Promise<UserOption[]> {
  return userOptions(db, workspaceId, sql`jsonb_array_elements(${issues.assignees})`, query);
}

/** People who opened the workspace's issues, by login. */
export function authorOptions(db: Database, workspaceId: string, query?: string | null): Promise<UserOption[]> {
  return userOptions(db, workspaceId, sql`jsonb_array_elements(jsonb_build_array(${issues.author}))`, query);
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

/** Issue type names ("Bug", "Feature", …) on the workspace's issues. */
export function issueTypeOptions(db: Database, workspaceId: string, query?: string | null): Promise<string[]> {
  return distinctIssueValues(db, workspaceId, sql<string>`${issues.issueType}`, query);
}

/** Open releases before closed ones, each by title. */
export function releaseOptions(db: Database, workspaceId: string, query?: string | null) {
  return db
    .select()
    .from(releases)
    .where(and(eq(releases.workspaceId, workspaceId), containing(releases.title, query)))
    .orderBy(desc(sql`${releases.state} = 'OPEN'`), asc(sql`lower(${releases.title}) collate "C"`), asc(releases.id));
}

export function gantryEpicOptions(db: Database, workspaceId: string, query?: string | null) {
  return db
    .select()
    .from(gantryEpics)
    .where(and(eq(gantryEpics.workspaceId, workspaceId), containing(gantryEpics.title, query)))
    .orderBy(
      desc(sql`${gantryEpics.state} <> 'CLOSED'`),
      asc(sql`lower(${gantryEpics.title}) collate "C"`),
      asc(gantryEpics.id),
    );
}

/** GitHub epics: the workspace's issues marked as epics, open first, by title. */
export function epicOptions(db: Database, workspaceId: string, query?: string | null) {
  return db
    .select()
    .from(issues)
    .where(and(workspaceIssues(db, workspaceId), eq(issues.isEpic, true), containing(issues.title, query)))
    .orderBy(desc(sql`${issues.state} = 'open'`), asc(sql`lower(${issues.title}) collate "C"`), asc(issues.id));
}

// GraphQL ----------------------------------------------------------------------------------------

const IssueLabelOption = builder.objectRef<LabelOption>("IssueLabelOption").implement({
  fields: (t) => ({ name: t.exposeString("name"), color: t.exposeString("color", { nullable: true }) }),
});

export const IssueUserOption = builder.objectRef<UserOption>("IssueUserOption").implement({
  description: "A GitHub user seen on the workspace's issues.",
  fields: (t) => ({ login: t.exposeString("login"), avatarUrl: t.exposeString("avatarUrl", { nullable: true }) }),
});

const IssueTypeOption = builder.objectRef<string>("IssueTypeOption").implement({
  fields: (t) => ({ name: t.string({ resolve: (name) => name }) }),
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
  return {
    issueLabelOptions: options(IssueLabelOption, labelOptions, "Labels on the workspace's issues, one per name."),
    assignees: options(IssueUserOption, assigneeOptions, "People assigned to the workspace's issues."),
    authors: options(IssueUserOption, authorOptions, "People who opened the workspace's issues."),
    issueTypeOptions: options(IssueTypeOption, issueTypeOptions, "Issue types carried by the workspace's issues."),
    releases: options(Release, releaseOptions),
    gantryEpics: options(GantryEpic, gantryEpicOptions),
    epics: options(Issue, epicOptions, "GitHub issues used as epics in the workspace's repositories."),
  };
});
