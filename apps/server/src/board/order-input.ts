import { DEFAULT_SORT_TYPE, type SortType } from "@gantry/domain";
import { builder } from "../graphql/builder.js";
import { GantryError } from "../graphql/errors.js";

/** The public API's IssueOrderField: what API clients may ask a pipeline's issues to be ordered by. */
const ISSUE_ORDER_FIELDS = [
  "assignees",
  "created_at",
  "updated_at",
  "gh_updated_at",
  "sprints",
  "title",
  "estimate",
  "stale",
  "time_in_pipeline",
] as const;
type IssueOrderFieldName = (typeof ISSUE_ORDER_FIELDS)[number];

const ORDER_DIRECTIONS = ["ASC", "DESC"] as const;
type Direction = (typeof ORDER_DIRECTIONS)[number];

export interface IssueOrder {
  field: IssueOrderFieldName;
  direction: Direction;
}

export const OrderDirection = builder.enumType("OrderDirection", { values: ORDER_DIRECTIONS });

const IssueOrderField = builder.enumType("IssueOrderField", {
  description:
    "What issue search results can be ordered by. Pipelines order by the §9 sort types, so only the orders with one answer (see IssueOrderInput).",
  values: ISSUE_ORDER_FIELDS,
});

export const IssueOrderInput = builder.inputType("IssueOrderInput", {
  description:
    "Sort issue search results. The same orders as IssueSortType: created_at, title, estimate and time_in_pipeline either way, assignees and sprints ASC (missing values last). time_in_pipeline ASC is the shortest time first.",
  fields: (t) => ({
    field: t.field({ type: IssueOrderField, required: true }),
    direction: t.field({ type: OrderDirection, required: true }),
  }),
});

/**
 * Each order and the sort type that means it. Time in pipeline ASC (least time first) is the
 * most recently moved first, TIME_IN_PIPELINE_NEW_OLD. Orders left out have no §9 sort type.
 */
const SORT_TYPE_OF_ORDER: Record<IssueOrderFieldName, Partial<Record<Direction, SortType>>> = {
  assignees: { ASC: "ASSIGNEE" },
  created_at: { ASC: "OLDEST", DESC: "NEWEST" },
  updated_at: {},
  gh_updated_at: {},
  sprints: { ASC: "SPRINT" },
  title: { ASC: "TITLE_AZ", DESC: "TITLE_ZA" },
  estimate: { ASC: "ESTIMATE_LOW_HIGH", DESC: "ESTIMATE_HIGH_LOW" },
  stale: {},
  time_in_pipeline: { ASC: "TIME_IN_PIPELINE_NEW_OLD", DESC: "TIME_IN_PIPELINE_OLD_NEW" },
};

/** The orders a sort type means, as a client writes them ("title ASC, …"). */
export const SUPPORTED_ORDERS = ISSUE_ORDER_FIELDS.flatMap((field) =>
  ORDER_DIRECTIONS.filter((direction) => SORT_TYPE_OF_ORDER[field][direction]).map(
    (direction) => `${field} ${direction}`,
  ),
).join(", ");

/** The sort type a search asks for, by its §9 name or by the public API's order; manual when neither. */
export function requestedSortType(
  sortType: SortType | null | undefined,
  order: IssueOrder | null | undefined,
): SortType {
  if (!order) return sortType ?? DEFAULT_SORT_TYPE;
  if (sortType) throw new GantryError("BAD_USER_INPUT", "Give either sortType or order, not both.", { field: "order" });
  const meant = sortTypeOf(order);
  if (!meant)
    throw new GantryError(
      "BAD_USER_INPUT",
      `A pipeline's issues cannot be ordered by ${order.field} ${order.direction}. They can be ordered by ${SUPPORTED_ORDERS}.`,
      { field: "order" },
    );
  return meant;
}

/** The §9 sort type an order means, if one does. */
export function sortTypeOf(order: IssueOrder): SortType | undefined {
  return SORT_TYPE_OF_ORDER[order.field][order.direction];
}
