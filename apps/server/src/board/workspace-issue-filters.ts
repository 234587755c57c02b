import { schema } from "@gantry/db";
import type { IssueTypeDispositionFilter, ParentIssueSetting, ValuesFilterInput } from "@gantry/domain";
import { asc, desc, type SQL } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { boardOrderBy, boardSearchCondition } from "./filtering.js";
import { type IssueOrder, SUPPORTED_ORDERS, sortTypeOf } from "./order-input.js";
import { boardSearchFor, IssueIssueTypeDispositionInput, ParentIssuesInput, StringInput } from "./search-input.js";

const { issues } = schema;

export const WorkspaceIssuesFiltersInput = builder.inputType("WorkspaceIssuesFiltersInput", {
  description:
    "Narrows Workspace.issues as the board's filters do (decision 0009): labels and issue types by name, parent issues; all must hold.",
  fields: (t) => ({
    labels: t.field({ type: StringInput, required: false, description: "Label names, as the board's label filter." }),
    parentIssues: t.field({ type: ParentIssuesInput, required: false }),
    issueIssueTypeDisposition: t.field({ type: IssueIssueTypeDispositionInput, required: false }),
    issueIssueTypes: t.field({ type: StringInput, required: false, description: "Issue type names." }),
    ignoreWorkspaceLabels: t.boolean({
      required: false,
      description:
        "Gantry workspaces have no label filters narrowing their issues, so there is nothing to ignore: changes nothing.",
    }),
  }),
});

export interface WorkspaceIssuesFilters {
  labels?: ValuesFilterInput | null;
  parentIssues?: {
    ids?: readonly string[] | null;
    recursiveIds?: readonly string[] | null;
    specialFilters?: ParentIssueSetting | null;
  } | null;
  issueIssueTypeDisposition?: IssueTypeDispositionFilter | null;
  issueIssueTypes?: ValuesFilterInput | null;
  ignoreWorkspaceLabels?: boolean | null;
}

/** The condition over `issues` the filters ask for, read by the board's own filter code; ids of another type are refused. */
export async function workspaceIssuesKept(
  context: GraphQLContext,
  workspaceId: string,
  filters: WorkspaceIssuesFilters,
): Promise<SQL | undefined> {
  const { labels, parentIssues, issueIssueTypes, issueIssueTypeDisposition } = filters;
  const board = await boardSearchFor(
    context,
    workspaceId,
    { labels, parentIssues, issueIssueTypes, issueIssueTypeDisposition },
    null,
  );
  return boardSearchCondition(board);
}

/**
 * Workspace.issues' order: when the issue or GitHub last changed it either way, or any order a sort type means
 * (the board's own order, read from the issue's place on this board); ties by board rank, then id.
 */
export function workspaceIssuesOrder(order: IssueOrder, workspaceId: string): SQL[] {
  const direction = order.direction === "DESC" ? desc : asc;
  if (order.field === "updated_at") return [direction(issues.updatedAt), asc(issues.id)];
  if (order.field === "gh_updated_at") return [direction(issues.ghUpdatedAt), asc(issues.id)];
  const sortType = sortTypeOf(order);
  if (!sortType)
    throw new GantryError(
      "BAD_USER_INPUT",
      `A workspace's issues cannot be ordered by ${order.field} ${order.direction}. They can be ordered by updated_at and gh_updated_at either way, ${SUPPORTED_ORDERS}.`,
      { field: "orderBy" },
    );
  return boardOrderBy(sortType, workspaceId);
}
