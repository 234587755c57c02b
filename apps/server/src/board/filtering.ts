import { type Database, schema } from "@gantry/db";
import {
  type BoardFilters,
  CURRENT_SPRINT_FILTER_VALUE,
  estimateFilterValue,
  type FilterLogic,
  type IssueTypeDispositionFilter,
  NO_ASSIGNEES_FILTER_VALUE,
  NO_SPRINTS_FILTER_VALUE,
  NONE_FILTER_VALUE,
  PARENT_ISSUE_SETTINGS,
  type ParentIssueSetting,
  parseBoardSearch,
  type SortType,
  TEAM_ESTIMATION_FILTER_VALUE,
  USER_ESTIMATION_FILTER_VALUE,
} from "@gantry/domain";
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  lte,
  not,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";

const {
  epicIssues,
  estimationVotes,
  gantryEpicIssues,
  gantryEpics,
  githubAccounts,
  issuePositions,
  issues,
  priorities,
  releaseIssues,
  releases,
  repositories,
  sprintIssues,
  sprints,
} = schema;

/** Which cards a board search keeps (SPEC §2 "show pull requests" / "open issues" as the public API's displayType). */
export type DisplayType = "all" | "issues" | "prs";

/** A board search with every id already a database id (see search-input.ts). */
export interface BoardSearch {
  workspaceId: string;
  filters: BoardFilters;
  logic: FilterLogic;
  displayType: DisplayType;
  /** The workspace's active sprint, for `current_sprint`. */
  currentSprintId: string | null;
  /** The person searching, for `user_estimation`; absent or null, that value matches nothing. */
  viewerId?: string | null;
}

/**
 * How one filter key reads in SQL, mirroring the domain's matcher key for key
 * (packages/domain/src/board/filters-match.ts; docs/decisions/0009-board-filter-semantics.md).
 * Every expression is true or false, never NULL, so `not` and `or` behave.
 */
interface KeyCondition {
  /** Present when the key selects. */
  included?: SQL;
  excluded?: SQL;
}

const TRUE = sql`true`;
const FALSE = sql`false`;

/** One condition per wanted value: `values` may be empty, in which case nothing matches. */
const anyOf = (conditions: SQL[]): SQL => (conditions.length > 0 ? (or(...conditions) ?? FALSE) : FALSE);

/** The field of a JSON array element a key reads: a label's name, an assignee's login. */
type ElementKey = "name" | "login";

/**
 * A JSON array column (labels, assignees) holds an element whose `key` is one of `values`: one
 * containment per value (`labels @> '[{"name":"bug"}]'`, the same exact, case-sensitive string
 * match as comparing each element's `name`), which migration 0043's jsonb_path_ops GIN indexes
 * answer; a GIN index takes no `= any(array)`, so several values are several containments, or'ed
 * (decision 0077).
 */
export function jsonArrayHas(column: SQLWrapper, key: ElementKey, values: string[]): SQL {
  return anyOf(values.map((value) => sql`${column} @> ${JSON.stringify([{ [key]: value }])}::jsonb`));
}

const jsonArrayEmpty = (column: SQLWrapper) => sql`jsonb_array_length(${column}) = 0`;

/** `in` / `nin` over a JSON array column; `noneValue` in `in` selects an empty array. */
function jsonListKey(
  column: SQLWrapper,
  key: ElementKey,
  filter: { in: string[]; nin: string[] },
  noneValue: string,
): KeyCondition {
  const wanted = filter.in.filter((value) => value !== noneValue);
  const unwanted = filter.nin.filter((value) => value !== noneValue);
  return {
    included:
      filter.in.length > 0
        ? anyOf([
            ...(filter.in.includes(noneValue) ? [jsonArrayEmpty(column)] : []),
            ...(wanted.length > 0 ? [jsonArrayHas(column, key, wanted)] : []),
          ])
        : undefined,
    excluded: unwanted.length > 0 ? jsonArrayHas(column, key, unwanted) : undefined,
  };
}

/** `in` / `nin` over a nullable text value; `none` in `in` selects NULL. */
function scalarKey(value: SQL, filter: { in: string[]; nin: string[] }): KeyCondition {
  const wanted = filter.in.filter((item) => item !== NONE_FILTER_VALUE);
  const unwanted = filter.nin.filter((item) => item !== NONE_FILTER_VALUE);
  return {
    included:
      filter.in.length > 0
        ? anyOf([
            ...(filter.in.includes(NONE_FILTER_VALUE) ? [sql`${value} is null`] : []),
            ...(wanted.length > 0 ? [sql`coalesce(${value} in ${wanted}, false)`] : []),
          ])
        : undefined,
    excluded: unwanted.length > 0 ? sql`coalesce(${value} in ${unwanted}, false)` : undefined,
  };
}

/** The issue belongs to one of `ids` (null: to any) through a membership table, within the workspace. */
type Membership = (ids: string[] | null) => SQL;

function releaseMembership(workspaceId: string): Membership {
  return (ids) =>
    sql`exists (select 1 from ${releaseIssues} join ${releases} on ${releases.id} = ${releaseIssues.releaseId}
      where ${releaseIssues.issueId} = ${issues.id} and ${releases.workspaceId} = ${workspaceId}
      ${ids ? sql`and ${releaseIssues.releaseId} in ${ids}` : sql``})`;
}

function gantryEpicMembership(workspaceId: string): Membership {
  return (ids) =>
    sql`exists (select 1 from ${gantryEpicIssues} join ${gantryEpics} on ${gantryEpics.id} = ${gantryEpicIssues.gantryEpicId}
      where ${gantryEpicIssues.issueId} = ${issues.id} and ${gantryEpics.workspaceId} = ${workspaceId}
      ${ids ? sql`and ${gantryEpicIssues.gantryEpicId} in ${ids}` : sql``})`;
}

function sprintMembership(workspaceId: string): Membership {
  return (ids) =>
    sql`exists (select 1 from ${sprintIssues} join ${sprints} on ${sprints.id} = ${sprintIssues.sprintId}
      where ${sprintIssues.issueId} = ${issues.id} and ${sprints.workspaceId} = ${workspaceId}
      ${ids ? sql`and ${sprintIssues.sprintId} in ${ids}` : sql``})`;
}

const epicMembership: Membership = (ids) =>
  sql`exists (select 1 from ${epicIssues} where ${epicIssues.issueId} = ${issues.id}
    ${ids ? sql`and ${epicIssues.epicId} in ${ids}` : sql``})`;

/** `in` / `nin` over a membership; `noneValue` (in `in`, or in `settings` for epics) selects issues in none. */
function membershipKey(
  member: Membership,
  filter: { in: string[]; nin: string[] },
  wantsNone: boolean,
  noneValue: string | null,
): KeyCondition {
  const wanted = filter.in.filter((value) => value !== noneValue);
  const unwanted = filter.nin.filter((value) => value !== noneValue);
  const selects = wanted.length > 0 || wantsNone;
  return {
    included: selects
      ? anyOf([...(wantsNone ? [not(member(null))] : []), ...(wanted.length > 0 ? [member(wanted)] : [])])
      : undefined,
    excluded: unwanted.length > 0 ? member(unwanted) : undefined,
  };
}

/** Issues with an estimation vote open in the workspace, optionally one this voter is asked to. */
function estimationVoteExists(workspaceId: string, voterId: string | null): SQL {
  return sql`exists (select 1 from ${estimationVotes} where ${estimationVotes.issueId} = ${issues.id}
    and ${estimationVotes.workspaceId} = ${workspaceId}
    ${voterId === null ? sql`` : sql`and ${estimationVotes.voterId} = ${voterId}`})`;
}

/**
 * The issue's estimate is one of `points`. Written as a plain `in` with `is not null` beside it, not
 * `coalesce(estimate in (…), false)`: both are never NULL, but only this one is something the planner
 * reads from migration 0045's `issues_estimate_idx` and estimates from the column's statistics
 * (the coalesce was guessed at half the issues; decision 0082). An exclusion, `not (…)`, keeps the
 * unestimated issues as before: `not (null and false)` is true.
 */
const estimateIn = (points: number[]): SQL => sql`(${issues.estimate} in ${points} and ${issues.estimate} is not null)`;

function estimatesKey(search: BoardSearch): KeyCondition {
  const { in: wanted, nin, settings } = search.filters.estimates;
  const points = (values: string[]) => values.flatMap((value) => estimateFilterValue(value) ?? []);
  const wantedPoints = points(wanted);
  const unwantedPoints = points(nin);
  const knownSettings = settings.filter((setting) =>
    [NONE_FILTER_VALUE, TEAM_ESTIMATION_FILTER_VALUE, USER_ESTIMATION_FILTER_VALUE].includes(setting),
  );
  const selects = wanted.length > 0 || knownSettings.length > 0;
  const viewerId = search.viewerId ?? null;
  return {
    included: selects
      ? anyOf([
          ...(wantedPoints.length > 0 ? [estimateIn(wantedPoints)] : []),
          ...(settings.includes(NONE_FILTER_VALUE) ? [sql`${issues.estimate} is null`] : []),
          ...(settings.includes(TEAM_ESTIMATION_FILTER_VALUE) ? [estimationVoteExists(search.workspaceId, null)] : []),
          ...(settings.includes(USER_ESTIMATION_FILTER_VALUE) && viewerId !== null
            ? [estimationVoteExists(search.workspaceId, viewerId)]
            : []),
        ])
      : undefined,
    excluded: unwantedPoints.length > 0 ? estimateIn(unwantedPoints) : undefined,
  };
}

function sprintsKey(search: BoardSearch): KeyCondition {
  const { value, settings } = search.filters.sprints;
  const member = sprintMembership(search.workspaceId);
  const wantsCurrent = settings.includes(CURRENT_SPRINT_FILTER_VALUE);
  const wantsNone = settings.includes(NO_SPRINTS_FILTER_VALUE);
  if (value.length === 0 && !wantsCurrent && !wantsNone) return {};
  // The chosen sprints and the current one are asked in one membership: one semi-join read from
  // sprint_issues' primary key, where an OR of two would read every issue (decision 0082).
  const chosen = [...new Set([...value, ...(wantsCurrent && search.currentSprintId ? [search.currentSprintId] : [])])];
  return {
    included: anyOf([...(chosen.length > 0 ? [member(chosen)] : []), ...(wantsNone ? [not(member(null))] : [])]),
  };
}

function reposKey(filters: BoardFilters): KeyCondition {
  const ghIds = filters.repos.value;
  const repositoryIds = filters.zhRepos.value;
  if (ghIds.length === 0 && repositoryIds.length === 0) return {};
  return {
    included: anyOf([
      ...(repositoryIds.length > 0 ? [inArray(issues.repositoryId, repositoryIds)] : []),
      ...(ghIds.length > 0
        ? [
            sql`exists (select 1 from ${repositories} where ${repositories.id} = ${issues.repositoryId} and ${repositories.ghId} in ${ghIds})`,
          ]
        : []),
    ]),
  };
}

/** Some issue has this one as its parent: read from `issues_parent_issue_idx`. */
const hasChildren = sql`exists (select 1 from ${issues} as child where child.parent_issue_id = ${issues.id})`;
const hasParent = sql`${issues.parentIssueId} is not null`;

/** The parent-issue special values, as the domain's matcher reads them (decision 0100). */
const PARENT_SETTING_CONDITIONS: Record<ParentIssueSetting, SQL> = {
  parents_with_children: sql`(${hasChildren} or ${hasParent})`,
  parents_only: hasChildren,
  not_in_parent: sql`${issues.parentIssueId} is null`,
  not_a_parent: not(hasChildren),
};

/** §4 parent issues: direct children of `ids`, or anything below `recursiveIds`, or what a special value keeps. */
function parentIssuesKey(filters: BoardFilters): KeyCondition {
  const { ids, recursiveIds, settings } = filters.parentIssues;
  const known = PARENT_ISSUE_SETTINGS.filter((setting) => settings.includes(setting));
  if (ids.length === 0 && recursiveIds.length === 0 && known.length === 0) return {};
  const descendants = sql`${issues.id} in (
    with recursive below(id) as (
      select child.id from ${issues} as child where child.parent_issue_id in ${recursiveIds}
      union
      select child.id from ${issues} as child join below on child.parent_issue_id = below.id
    ) select id from below)`;
  return {
    included: anyOf([
      ...(ids.length > 0 ? [sql`coalesce(${issues.parentIssueId} in ${ids}, false)`] : []),
      ...(recursiveIds.length > 0 ? [descendants] : []),
      ...known.map((setting) => PARENT_SETTING_CONDITIONS[setting]),
    ]),
  };
}

/**
 * What each disposition hides: Gantry's issue types all show on the board (decision 0092), so it reads
 * whether the issue has a type. An exclusion, as in the domain's matcher: it applies under either logic.
 */
const DISPOSITION_HIDES: Record<IssueTypeDispositionFilter, SQL | undefined> = {
  ANY: undefined,
  BOARD: undefined,
  BOARD_ONLY: sql`${issues.issueType} is null`,
  PLANNING_PANEL: sql`${issues.issueType} is not null`,
  PLANNING_PANEL_ONLY: TRUE,
};

const dispositionKey = (filters: BoardFilters): KeyCondition => ({
  excluded: DISPOSITION_HIDES[filters.issueTypeDisposition],
});

/**
 * Buckets are sprints, releases, GitHub epics and Gantry epics; ids are unique across them, so
 * each membership is asked about every bucket id.
 */
function bucketsKey({ filters, workspaceId }: BoardSearch): KeyCondition {
  const ids = filters.issuesBucketIds.ids;
  if (ids.length === 0) return {};
  return {
    included: anyOf([
      sprintMembership(workspaceId)(ids),
      releaseMembership(workspaceId)(ids),
      gantryEpicMembership(workspaceId)(ids),
      epicMembership(ids),
    ]),
  };
}

/** A native issue's author is whoever created it in Gantry, by their GitHub login. */
const authorLogin = sql`coalesce(${issues.author}->>'login', (select ${githubAccounts.login} from ${githubAccounts}
  where ${githubAccounts.userId} = ${issues.createdBy} order by ${githubAccounts.createdAt} limit 1))`;

function keyConditions(search: BoardSearch): KeyCondition[] {
  const { filters, workspaceId } = search;
  return [
    reposKey(filters),
    jsonListKey(issues.labels, "name", filters.labels, NONE_FILTER_VALUE),
    jsonListKey(issues.assignees, "login", filters.assignees, NO_ASSIGNEES_FILTER_VALUE),
    scalarKey(authorLogin, filters.authors),
    scalarKey(sql`${issues.issueType}`, filters.issueTypes),
    membershipKey(
      releaseMembership(workspaceId),
      filters.releases,
      filters.releases.in.includes(NONE_FILTER_VALUE),
      NONE_FILTER_VALUE,
    ),
    estimatesKey(search),
    membershipKey(epicMembership, filters.epics, filters.epics.settings.includes(NONE_FILTER_VALUE), null),
    membershipKey(
      gantryEpicMembership(workspaceId),
      filters.gantryEpics,
      filters.gantryEpics.settings.includes(NONE_FILTER_VALUE),
      null,
    ),
    sprintsKey(search),
    scalarKey(sql`${issues.milestone}->>'title'`, { in: filters.milestones.value, nin: [] }),
    parentIssuesKey(filters),
    dispositionKey(filters),
    bucketsKey(search),
  ];
}

/**
 * What a search term is looked for in: the lower-cased title, body and "#number" joined by line
 * breaks, which no term holds (terms are split on whitespace), so a term is in it exactly when it is
 * in one of the three. Written as migration 0035's trigram index is, token for token (the line
 * breaks inlined, not sent as values): PostgreSQL uses the index only for the identical expression.
 */
const SEARCHED_TEXT = sql`(lower(${issues.title}) || ${sql.raw("E'\\n'")} || lower(coalesce(${issues.body}, '')) || ${sql.raw("E'\\n#'")} || ${issues.number}::text)`;

/** A LIKE pattern matching any text that contains `term` literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The search text: every term in the title, body or "#number"; no `not:` term in any of them. */
function searchCondition(text: string): SQL[] {
  const terms = parseBoardSearch(text);
  const contains = (term: string) => sql`${SEARCHED_TEXT} like ${containing(term)}`;
  return [...terms.include.map(contains), ...terms.exclude.map((term) => not(contains(term)))];
}

const DISPLAY_CONDITIONS: Record<DisplayType, SQL | undefined> = {
  all: undefined,
  issues: eq(issues.isPullRequest, false),
  prs: eq(issues.isPullRequest, true),
};

/** Whether the search keeps every issue of the board: no filter key, no search text, issues and pull requests shown. */
export function keepsEverything(search: BoardSearch): boolean {
  return (
    search.displayType === "all" &&
    searchCondition(search.filters.search).length === 0 &&
    keyConditions(search).every((key) => !key.included && !key.excluded)
  );
}

/** The WHERE condition of a board search over `issues` (docs/decisions/0009-board-filter-semantics.md). */
export function boardSearchCondition(search: BoardSearch): SQL {
  const keys = keyConditions(search);
  const inclusions = keys.flatMap((key) => key.included ?? []);
  const exclusions = keys.flatMap((key) => key.excluded ?? []);
  const selected =
    inclusions.length === 0 ? TRUE : ((search.logic === "all" ? and(...inclusions) : or(...inclusions)) ?? TRUE);
  return (
    and(
      DISPLAY_CONDITIONS[search.displayType],
      ...searchCondition(search.filters.search),
      ...exclusions.map((exclusion) => not(exclusion)),
      selected,
    ) ?? TRUE
  );
}

/** The start of the earliest of the workspace's sprints holding the issue. */
function firstSprintStart(workspaceId: string | Placeholder): SQL {
  return sql`(select min(${sprints.startAt}) from ${sprintIssues} join ${sprints} on ${sprints.id} = ${sprintIssues.sprintId}
    where ${sprintIssues.issueId} = ${issues.id} and ${sprints.workspaceId} = ${workspaceId})`;
}

/** SQL for the domain's sortBoardIssues: the same keys, then board rank and id. */
export function boardOrderBy(sortType: SortType, workspaceId: string | Placeholder): SQL[] {
  const lowerTitle = sql`lower(${issues.title}) collate "C"`;
  const byType: Record<SortType, SQL[]> = {
    SORT_TYPE_MANUAL: [],
    NEWEST: [desc(issues.ghCreatedAt)],
    OLDEST: [asc(issues.ghCreatedAt)],
    TIME_IN_PIPELINE_OLD_NEW: [asc(issuePositions.movedAt)],
    TIME_IN_PIPELINE_NEW_OLD: [desc(issuePositions.movedAt)],
    TITLE_AZ: [sql`${lowerTitle} asc`],
    TITLE_ZA: [sql`${lowerTitle} desc`],
    ASSIGNEE: [sql`lower(${issues.assignees}->0->>'login') collate "C" asc nulls last`],
    ESTIMATE_HIGH_LOW: [sql`${issues.estimate} desc nulls last`],
    ESTIMATE_LOW_HIGH: [sql`${issues.estimate} asc nulls last`],
    SPRINT: [sql`${firstSprintStart(workspaceId)} asc nulls last`],
    // The workspace's own row (issue_positions) holds the priority; its rank orders them, first = 1 = high.
    PRIORITY: [
      sql`(select ${priorities.rank} from ${priorities} where ${priorities.id} = ${issuePositions.priorityId}) collate "C" asc nulls last`,
    ],
  };
  return [...byType[sortType], sql`${issuePositions.rank} collate "C"`, asc(issues.id)];
}

/** The workspace's open sprint running now, the one `current_sprint` means. */
export async function currentSprintId(db: Database, workspaceId: string, now: Date): Promise<string | null> {
  const [sprint] = await db
    .select({ id: sprints.id })
    .from(sprints)
    .where(
      and(
        eq(sprints.workspaceId, workspaceId),
        eq(sprints.state, "OPEN"),
        lte(sprints.startAt, now),
        gt(sprints.endAt, now),
      ),
    )
    .orderBy(asc(sprints.startAt), asc(sprints.id))
    .limit(1);
  return sprint?.id ?? null;
}
