import {
  boardFiltersFromSearchInput,
  ESTIMATE_SPECIAL_FILTERS,
  type IssueSearchFiltersInput as FiltersInput,
  type IssueTypeDispositionFilter,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  type ParentIssueSetting,
  SORT_TYPES,
} from "@gantry/domain";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { type BoardSearch, currentSprintId, type DisplayType } from "./filtering.js";

/** The public API's board-search inputs (IssueSearchFiltersInput and its parts), Zenhub written Gantry. */
export const MatchingFilter = builder.enumType("MatchingFilter", {
  description: "Whether an issue must match all of the selected filters or any of them (SPEC §9: All by default).",
  values: ["all", "any"] as const,
});

const DisplayFilter = builder.enumType("DisplayFilter", {
  description: "Issues and PRs, only issues, or only PRs.",
  values: ["all", "issues", "prs"] as const,
});

export const IssueSortType = builder.enumType("IssueSortType", {
  description: "SPEC §9 sort types; SORT_TYPE_MANUAL (board order) is the default.",
  values: SORT_TYPES,
});

const valuesFields = {
  description: '`in`: any of these; `nin`: none of these; `notInAny`: issues with no value (the board\'s "none").',
};

export const StringInput = builder.inputType("StringInput", {
  ...valuesFields,
  fields: (t) => ({
    notInAny: t.boolean({ required: false, defaultValue: false }),
    in: t.stringList({ required: false }),
    nin: t.stringList({ required: false }),
  }),
});

const IssueUserLoginInput = builder.inputType("IssueUserLoginInput", {
  description: "GitHub logins. `notInAny`: issues with no assignees.",
  fields: (t) => ({
    notInAny: t.boolean({ required: false, defaultValue: false }),
    in: t.stringList({ required: false }),
    nin: t.stringList({ required: false }),
  }),
});

export const IdInput = builder.inputType("IdInput", {
  ...valuesFields,
  fields: (t) => ({
    notInAny: t.boolean({ required: false, defaultValue: false }),
    in: t.idList({ required: false }),
    nin: t.idList({ required: false }),
  }),
});

const IssueUserIdInput = builder.inputType("IssueUserIdInput", {
  description: "GitHub users by their `User` ids (as `Issue.assignees` gives them). `notInAny`: issues with none.",
  fields: (t) => ({
    notInAny: t.boolean({ required: false, defaultValue: false }),
    in: t.idList({ required: false }),
    nin: t.idList({ required: false }),
  }),
});

export const FloatInput = builder.inputType("FloatInput", {
  fields: (t) => ({
    notInAny: t.boolean({
      required: false,
      defaultValue: false,
      description: "Issues with no value (for estimates: not estimated, as the `not_estimated` special filter).",
    }),
    in: t.floatList({ required: false }),
    nin: t.floatList({ required: false }),
  }),
});

const EstimateSpecialFilter = builder.enumType("EstimateSpecialFilter", {
  description:
    "not_estimated: no estimate; assigned_for_voting / assigned_to_user_for_voting: the board's team_estimation / user_estimation.",
  values: ESTIMATE_SPECIAL_FILTERS,
});

const EstimateSearchFiltersInput = builder.inputType("EstimateSearchFiltersInput", {
  fields: (t) => ({
    values: t.field({ type: FloatInput, required: false }),
    specialFilters: t.field({ type: [EstimateSpecialFilter], required: false }),
  }),
});

const SprintSpecialFilter = builder.enumType("SprintSpecialFilter", { values: ["current_sprint"] as const });

export const SprintIdInput = builder.inputType("SprintIdInput", {
  description:
    "`notInAny`: issues in no sprint; `current_sprint`: issues in the workspace's active sprint; `nin`: sprints left out (Workspace.sprints only).",
  fields: (t) => ({
    notInAny: t.boolean({ required: false, defaultValue: false }),
    in: t.idList({ required: false }),
    nin: t.idList({ required: false }),
    specialFilters: t.field({ type: SprintSpecialFilter, required: false }),
  }),
});

const EpicSpecialFilter = builder.enumType("EpicSpecialFilter", {
  description: "not_in_epic: issues in no epic of that kind.",
  values: ["not_in_epic"] as const,
});

const EpicSearchFiltersInput = builder.inputType("EpicSearchFiltersInput", {
  description: "GitHub epics, by the epic issue's id.",
  fields: (t) => ({
    id: t.field({ type: IdInput, required: false }),
    specialFilters: t.field({ type: EpicSpecialFilter, required: false }),
  }),
});

const GantryEpicSearchFiltersInput = builder.inputType("GantryEpicSearchFiltersInput", {
  fields: (t) => ({
    id: t.field({ type: IdInput, required: false }),
    specialFilters: t.field({ type: EpicSpecialFilter, required: false }),
  }),
});

const IssueBucketIdsInput = builder.inputType("IssueBucketIdsInput", {
  fields: (t) => ({ ids: t.idList({ required: false }) }),
});

const ParentIssueSpecialFilter = builder.enumType("ParentIssueSpecialFilter", {
  description: "Issues by whether they have a parent and whether they are one (decision 0100).",
  values: {
    parents_with_children: { description: "Issues that are a parent or have one: every parent and child." },
    parents_only: { description: "Issues that are a parent (have sub-issues); a child that is no parent is hidden." },
    not_in_parent: { description: "Issues with no parent." },
    not_a_parent: { description: "Issues with no sub-issues." },
  } satisfies Record<ParentIssueSetting, { description: string }>,
});

export const ParentIssuesInput = builder.inputType("ParentIssuesInput", {
  description:
    "`ids`: their direct children; `recursiveIds`: everything below them (SPEC §4); `specialFilters`: what that value keeps. An issue matching any of the three matches.",
  fields: (t) => ({
    ids: t.idList({ required: false }),
    recursiveIds: t.idList({ required: false }),
    specialFilters: t.field({ type: ParentIssueSpecialFilter, required: false }),
  }),
});

/**
 * The reference's IssueIssueTypeDispositionInput: which issues by where their type shows. Every Gantry issue
 * type is a GitHub issue type, shown on the board (`IssueTypeOption.disposition` is BOARD, decision 0092), so
 * the planning panel's types are none.
 */
export const IssueIssueTypeDispositionInput = builder.enumType("IssueIssueTypeDispositionInput", {
  values: {
    ANY: { description: "Every issue." },
    BOARD: { description: "Issues with a board type and untyped issues: every issue in Gantry." },
    BOARD_ONLY: { description: "Issues with a board type: every typed issue in Gantry." },
    PLANNING_PANEL: {
      description: "Issues with a planning panel type and untyped issues: the untyped ones in Gantry.",
    },
    PLANNING_PANEL_ONLY: { description: "Issues with a planning panel type: none in Gantry." },
  } satisfies Record<IssueTypeDispositionFilter, { description: string }>,
});

export const IssueSearchFiltersInput = builder.inputType("IssueSearchFiltersInput", {
  description: "The board's filters (docs/decisions/0009-board-filter-semantics.md).",
  fields: (t) => ({
    repositoryIds: t.idList({ required: false, description: "Gantry repository ids." }),
    repositoryGhIds: t.intList({ required: false, description: "GitHub repository ids." }),
    matchType: t.field({ type: MatchingFilter, required: false, defaultValue: "all" }),
    displayType: t.field({ type: DisplayFilter, required: false, defaultValue: "all" }),
    labels: t.field({ type: StringInput, required: false }),
    assignees: t.field({ type: IssueUserLoginInput, required: false }),
    assigneeIds: t.field({
      type: IssueUserIdInput,
      required: false,
      description: "Assignees by their `User` ids; read as `assignees` by login.",
    }),
    users: t.field({ type: IssueUserLoginInput, required: false, description: "Authors, by GitHub login." }),
    userIds: t.field({
      type: IssueUserIdInput,
      required: false,
      description: "Authors by their `User` ids; read as `users` by login.",
    }),
    sprints: t.field({ type: SprintIdInput, required: false }),
    releases: t.field({ type: IdInput, required: false }),
    milestones: t.field({ type: StringInput, required: false, description: "Milestone titles." }),
    estimates: t.field({ type: EstimateSearchFiltersInput, required: false }),
    epics: t.field({ type: EpicSearchFiltersInput, required: false }),
    gantryEpics: t.field({ type: GantryEpicSearchFiltersInput, required: false }),
    issueBuckets: t.field({ type: IssueBucketIdsInput, required: false }),
    parentIssues: t.field({ type: ParentIssuesInput, required: false }),
    issueIssueTypeDisposition: t.field({
      type: IssueIssueTypeDispositionInput,
      required: false,
      description: "Hides the issues whose type does not show there, whatever `matchType` is.",
    }),
    issueIssueTypes: t.field({ type: StringInput, required: false, description: "Issue type names." }),
  }),
});

type UserIds = {
  notInAny?: boolean | null;
  in?: readonly (string | number)[] | null;
  nin?: readonly (string | number)[] | null;
};
type UserLogins = { notInAny?: boolean | null; in?: readonly string[] | null; nin?: readonly string[] | null };
type RawFilters = Omit<FiltersInput, "sprints"> & {
  /** `nin` is Workspace.sprints' only: the board refuses it. */
  sprints?: (FiltersInput["sprints"] & { nin?: readonly string[] | null }) | null;
  displayType?: DisplayType | null;
  assigneeIds?: UserIds | null;
  userIds?: UserIds | null;
};

/** GitHub users' `User` ids (`User:<login>`, public-api/public-schema.ts) to their logins. */
export function loginsOf(field: string, values: readonly (string | number)[] | null | undefined): string[] | undefined {
  checkSize(field, values);
  return values?.map((value) => {
    let decoded: { typename: string; id: string };
    try {
      decoded = decodeGlobalID(String(value));
    } catch {
      throw new GantryError("BAD_USER_INPUT", `"${String(value).slice(0, 80)}" is not a valid id.`, { field });
    }
    if (decoded.typename !== "User") throw new GantryError("BAD_USER_INPUT", "Expected the id of a User.", { field });
    return decoded.id;
  });
}

/** Logins and ids of the same people, as one login filter (an id filter adds to the login filter it joins). */
function withUserIds(field: string, logins: UserLogins | null | undefined, ids: UserIds | null | undefined) {
  if (!ids) return logins;
  const join = (a: readonly string[] | null | undefined, b: string[] | undefined) =>
    a || b ? [...(a ?? []), ...(b ?? [])] : undefined;
  return {
    notInAny: Boolean(logins?.notInAny || ids.notInAny),
    in: join(logins?.in, loginsOf(`${field}.in`, ids.in)),
    nin: join(logins?.nin, loginsOf(`${field}.nin`, ids.nin)),
  };
}

function checkSize(field: string, values: readonly unknown[] | null | undefined) {
  if (values && values.length > MAX_FILTER_VALUES)
    throw new GantryError("BAD_USER_INPUT", `A filter takes at most ${MAX_FILTER_VALUES} values (${field}).`, {
      field,
    });
}

function checkText(field: string, values: readonly string[] | null | undefined) {
  checkSize(field, values);
  if (values?.some((value) => value.length > MAX_FILTER_VALUE_LENGTH))
    throw new GantryError(
      "BAD_USER_INPUT",
      `A filter value is at most ${MAX_FILTER_VALUE_LENGTH} characters (${field}).`,
      {
        field,
      },
    );
}

/** Global ids of one type to database ids; anything else is refused before it reaches SQL. */
export function idsOf(field: string, typename: string, values: readonly (string | number)[] | null | undefined) {
  checkSize(field, values);
  return values?.map((value) => idOfType(decodeGantryId(String(value)), typename));
}

/** What can be a bucket: the containers of issues (docs/decisions/0010-board-views.md). */
const BUCKET_TYPES = ["Sprint", "Release", "GantryEpic", "Issue"];

function bucketIdsOf(values: readonly (string | number)[] | null | undefined) {
  checkSize("issueBuckets.ids", values);
  return values?.map((value) => {
    const decoded = decodeGantryId(String(value));
    if (!BUCKET_TYPES.includes(decoded.typename))
      throw new GantryError("BAD_USER_INPUT", "Expected the id of a Sprint, Release, GantryEpic or epic Issue.", {
        field: "issueBuckets.ids",
      });
    return decoded.id;
  });
}

function decodedValues(
  field: string,
  typename: string,
  input:
    | { notInAny?: boolean | null; in?: readonly (string | number)[] | null; nin?: readonly (string | number)[] | null }
    | null
    | undefined,
) {
  return (
    input && {
      notInAny: input.notInAny,
      in: idsOf(`${field}.in`, typename, input.in),
      nin: idsOf(`${field}.nin`, typename, input.nin),
    }
  );
}

/** Reads the filters argument into a BoardSearch over database ids, or says which value is wrong. */
function readBoardSearch(
  workspaceId: string,
  raw: RawFilters,
  query: string | null | undefined,
  currentSprintId: string | null,
  viewerId: string | null,
): BoardSearch {
  if (raw.sprints?.nin)
    throw new GantryError(
      "BAD_USER_INPUT",
      "The board's sprint filter keeps issues of the sprints in `in`; it cannot leave sprints out (`nin`).",
      { field: "sprints.nin" },
    );
  for (const [field, values] of [
    ["labels", raw.labels],
    ["assignees", raw.assignees],
    ["users", raw.users],
    ["milestones", raw.milestones],
    ["issueIssueTypes", raw.issueIssueTypes],
  ] as const) {
    checkText(`${field}.in`, values?.in);
    checkText(`${field}.nin`, values?.nin);
  }
  checkSize("repositoryGhIds", raw.repositoryGhIds);
  checkSize("estimates.values.in", raw.estimates?.values?.in);
  checkSize("estimates.values.nin", raw.estimates?.values?.nin);
  if ((query ?? "").length > MAX_FILTER_VALUE_LENGTH)
    throw new GantryError("BAD_USER_INPUT", `The search text is at most ${MAX_FILTER_VALUE_LENGTH} characters.`, {
      field: "query",
    });
  const { assigneeIds, userIds, ...rest } = raw;
  const input: FiltersInput = {
    ...rest,
    assignees: withUserIds("assigneeIds", raw.assignees, assigneeIds),
    users: withUserIds("userIds", raw.users, userIds),
    repositoryIds: idsOf("repositoryIds", "Repository", raw.repositoryIds),
    releases: decodedValues("releases", "Release", raw.releases),
    sprints: raw.sprints && { ...raw.sprints, in: idsOf("sprints.in", "Sprint", raw.sprints.in) },
    epics: raw.epics && { ...raw.epics, id: decodedValues("epics.id", "Issue", raw.epics.id) },
    gantryEpics: raw.gantryEpics && {
      ...raw.gantryEpics,
      id: decodedValues("gantryEpics.id", "GantryEpic", raw.gantryEpics.id),
    },
    issueBuckets: raw.issueBuckets && { ids: bucketIdsOf(raw.issueBuckets.ids) },
    parentIssues: raw.parentIssues && {
      ids: idsOf("parentIssues.ids", "Issue", raw.parentIssues.ids),
      recursiveIds: idsOf("parentIssues.recursiveIds", "Issue", raw.parentIssues.recursiveIds),
      specialFilters: raw.parentIssues.specialFilters,
    },
  };
  const { filters, logic } = boardFiltersFromSearchInput(input, query ?? "");
  return { workspaceId, filters, logic, displayType: raw.displayType ?? "all", currentSprintId, viewerId };
}

/** The reference's search filters as a saved view keeps them (saved-views-schema.ts): the board's filters. */
export function savedViewFiltersFromSearchInput(raw: RawFilters): { filters: unknown; filterLogic: string } {
  const { filters, logic } = readBoardSearch("", raw, null, null, null);
  return { filters, filterLogic: logic };
}

/** The board search a request asks for; the active sprint is looked up only when `current_sprint` is asked for. */
export async function boardSearchFor(
  context: GraphQLContext,
  workspaceId: string,
  raw: RawFilters,
  query: string | null | undefined,
): Promise<BoardSearch> {
  const sprintId =
    raw.sprints?.specialFilters === "current_sprint"
      ? await currentSprintId(context.db, workspaceId, context.now())
      : null;
  return readBoardSearch(workspaceId, raw, query, sprintId, context.viewer?.id ?? null);
}
