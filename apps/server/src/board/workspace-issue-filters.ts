import { schema } from "@gantry/db";
import type { ValuesFilterInput } from "@gantry/domain";
import { asc, desc, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { boardOrderBy, boardSearchCondition } from "./filtering.js";
import { type IssueOrder, SUPPORTED_ORDERS, sortTypeOf } from "./order-input.js";
import { boardSearchFor, ParentIssuesInput, StringInput } from "./search-input.js";

const { issues } = schema;

/**
 * The reference's IssueIssueTypeDispositionInput: which issue types an issue list keeps, by where the type shows.
 * Every Gantry issue type is a GitHub issue type, shown on the board (`IssueTypeOption.disposition` is BOARD), so
 * the planning panel's types are none.
 */
const IssueIssueTypeDispositionInput = builder.enumType("IssueIssueTypeDispositionInput", {
  values: {
    ANY: { description: "Every issue." },
    BOARD: { description: "Issues with a board type and untyped issues: every issue in Gantry." },
    BOARD_ONLY: { description: "Issues with a board type: every typed issue in Gantry." },
    PLANNING_PANEL: {
      description: "Issues with a planning panel type and untyped issues: the untyped ones in Gantry.",
    },
    PLANNING_PANEL_ONLY: { description: "Issues with a planning panel type: none in Gantry." },
  } as const,
});

type Disposition = "ANY" | "BOARD" | "BOARD_ONLY" | "PLANNING_PANEL" | "PLANNING_PANEL_ONLY";

const DISPOSITION_CONDITIONS: Record<Disposition, SQL | undefined> = {
  ANY: undefined,
  BOARD: undefined,
  BOARD_ONLY: isNotNull(issues.issueType),
  PLANNING_PANEL: isNull(issues.issueType),
  PLANNING_PANEL_ONLY: sql`false`,
};

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
  parentIssues?: { ids?: readonly string[] | null; recursiveIds?: readonly string[] | null } | null;
  issueIssueTypeDisposition?: Disposition | null;
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
  const board = await boardSearchFor(context, workspaceId, { labels, parentIssues, issueIssueTypes }, null);
  const disposition = issueIssueTypeDisposition ? DISPOSITION_CONDITIONS[issueIssueTypeDisposition] : undefined;
  return disposition ? sql`(${boardSearchCondition(board)} and ${disposition})` : boardSearchCondition(board);
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
