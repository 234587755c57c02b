import { schema } from "@gantry/db";
import { MAX_FILTER_VALUES } from "@gantry/domain";
import { and, asc, desc, inArray, not, or, type SQL, sql } from "drizzle-orm";
import { OrderDirection } from "../board/order-input.js";
import { FloatInput, IdInput, idsOf, MatchingFilter } from "../board/search-input.js";
import { builder } from "../graphql/builder.js";
import { GantryError } from "../graphql/errors.js";
import { GantryEpicState } from "./field-types.js";

const { gantryEpicAssignees, gantryEpicLabels, gantryEpics, users } = schema;

/** The lifecycle an epic goes through, the order STATE sorts by. */
const EPIC_STATES = ["OPEN", "TODO", "IN_PROGRESS", "CLOSED"] as const;
type EpicState = (typeof EPIC_STATES)[number];

export const GantryEpicStateFilterInput = builder.inputType("GantryEpicStateFilterInput", {
  description: "`in`: epics in one of these states; `nin`: epics in none of them.",
  fields: (t) => ({
    in: t.field({ type: [GantryEpicState], required: false }),
    nin: t.field({ type: [GantryEpicState], required: false }),
  }),
});

export const GantryEpicFiltersInput = builder.inputType("GantryEpicFiltersInput", {
  description:
    "Which Gantry epics a list keeps, as the board's filters read (decision 0009): `in` and `notInAny` select (all of them with matchType all, any one with any), `nin` always leaves out.",
  fields: (t) => ({
    matchType: t.field({ type: MatchingFilter, required: false, defaultValue: "all" }),
    state: t.field({ type: GantryEpicStateFilterInput, required: false }),
    labelIds: t.field({ type: IdInput, required: false, description: "Gantry labels; `notInAny`: epics without one." }),
    projectIds: t.field({
      type: IdInput,
      required: false,
      description:
        "Gantry has no projects, so no epic is in one: `in` selects none, `notInAny` every epic, `nin` leaves none out.",
    }),
    estimateValues: t.field({
      type: FloatInput,
      required: false,
      description:
        "A Gantry epic has no estimate of its own: `in` selects none, `notInAny` every epic, `nin` leaves none out.",
    }),
    assigneeIds: t.field({
      type: IdInput,
      required: false,
      description: "Gantry users; `notInAny`: epics without one.",
    }),
    id: t.field({ type: IdInput, required: false }),
  }),
});

const GantryEpicOrderField = builder.enumType("GantryEpicOrderField", {
  values: {
    CREATED_AT: {},
    UPDATED_AT: {},
    TITLE: { description: "By title, in any case." },
    START_ON: { description: "Undated epics last." },
    END_ON: { description: "Undated epics last." },
    STATE: { description: "Along the lifecycle: OPEN, TODO, IN_PROGRESS, CLOSED." },
    ASSIGNEES: { description: "By the name of the epic's first assignee by name; unassigned epics last." },
  } as const,
});

export const GantryEpicOrderInput = builder.inputType("GantryEpicOrderInput", {
  description: "The field left out keeps the list's own order (open first, by title); the direction left out is ASC.",
  fields: (t) => ({
    direction: t.field({ type: OrderDirection, required: false }),
    field: t.field({ type: GantryEpicOrderField, required: false }),
  }),
});

type Values = {
  notInAny?: boolean | null;
  in?: readonly (string | number)[] | null;
  nin?: readonly (string | number)[] | null;
};

export interface GantryEpicFilters {
  matchType?: "all" | "any" | null;
  state?: { in?: readonly EpicState[] | null; nin?: readonly EpicState[] | null } | null;
  labelIds?: Values | null;
  projectIds?: Values | null;
  estimateValues?: Values | null;
  assigneeIds?: Values | null;
  id?: Values | null;
}

type OrderField = "CREATED_AT" | "UPDATED_AT" | "TITLE" | "START_ON" | "END_ON" | "STATE" | "ASSIGNEES";

export interface GantryEpicOrder {
  field?: OrderField | null;
  direction?: "ASC" | "DESC" | null;
}

/**
 * What one filter key selects (`included`) and leaves out (`excluded`), as the board's keys read (board/filtering.ts):
 * an empty list asks nothing.
 */
interface KeyCondition {
  included?: SQL;
  excluded?: SQL;
}

/** The epic is linked to one of `ids` (any, when null) through a link table. */
type Link = (ids: string[] | null) => SQL;

const labelLink: Link = (ids) =>
  sql`exists (select 1 from ${gantryEpicLabels} where ${gantryEpicLabels.gantryEpicId} = ${gantryEpics.id}
    ${ids ? sql`and ${gantryEpicLabels.gantryLabelId} in ${ids}` : sql``})`;

const assigneeLink: Link = (ids) =>
  sql`exists (select 1 from ${gantryEpicAssignees} where ${gantryEpicAssignees.gantryEpicId} = ${gantryEpics.id}
    ${ids ? sql`and ${gantryEpicAssignees.userId} in ${ids}` : sql``})`;

function linkKey(link: Link, values: Values | null | undefined, field: string, typename: string): KeyCondition {
  if (!values) return {};
  const wanted = idsOf(`${field}.in`, typename, values.in) ?? [];
  const unwanted = idsOf(`${field}.nin`, typename, values.nin) ?? [];
  const selects = [...(values.notInAny ? [not(link(null))] : []), ...(wanted.length ? [link(wanted)] : [])];
  return {
    included: selects.length ? or(...selects) : undefined,
    excluded: unwanted.length ? link(unwanted) : undefined,
  };
}

/** A value no Gantry epic has (an estimate, a project): only `notInAny` selects, and then every epic. */
function absentKey(values: Values | null | undefined, field: string): KeyCondition {
  if (!values) return {};
  for (const side of ["in", "nin"] as const) {
    if ((values[side]?.length ?? 0) > MAX_FILTER_VALUES)
      throw new GantryError(
        "BAD_USER_INPUT",
        `A filter takes at most ${MAX_FILTER_VALUES} values (${field}.${side}).`,
        {
          field: `${field}.${side}`,
        },
      );
  }
  if (values.notInAny) return { included: sql`true` };
  return values.in?.length ? { included: sql`false` } : {};
}

function inNinKey(
  column: SQL,
  wanted: readonly string[] | null | undefined,
  unwanted: readonly string[] | null | undefined,
) {
  return {
    included: wanted?.length ? inArray(column, [...wanted]) : undefined,
    excluded: unwanted?.length ? inArray(column, [...unwanted]) : undefined,
  };
}

/** The condition over `gantry_epics` the filters ask for; ids of another type are refused before anything is read. */
export function gantryEpicsKept(filters: GantryEpicFilters): SQL | undefined {
  const ids = filters.id;
  const keys: KeyCondition[] = [
    inNinKey(sql`${gantryEpics.state}`, filters.state?.in, filters.state?.nin),
    linkKey(labelLink, filters.labelIds, "filters.labelIds", "GantryLabel"),
    linkKey(assigneeLink, filters.assigneeIds, "filters.assigneeIds", "GantryUser"),
    absentKey(filters.projectIds, "filters.projectIds"),
    absentKey(filters.estimateValues, "filters.estimateValues"),
    // Every epic has an id: `notInAny` selects none.
    ids?.notInAny
      ? { included: sql`false` }
      : inNinKey(
          sql`${gantryEpics.id}`,
          idsOf("filters.id.in", "GantryEpic", ids?.in),
          idsOf("filters.id.nin", "GantryEpic", ids?.nin),
        ),
  ];
  const inclusions = keys.flatMap((key) => key.included ?? []);
  const exclusions = keys.flatMap((key) => (key.excluded ? [not(key.excluded)] : []));
  const selected = inclusions.length ? (filters.matchType === "any" ? or : and)(...inclusions) : undefined;
  return and(selected, ...exclusions);
}

/** The first of the epic's assignees by name (any case): what ASSIGNEES orders by. */
const firstAssignee = sql`(select min(lower(${users.name})) from ${gantryEpicAssignees}
  join ${users} on ${users.id} = ${gantryEpicAssignees.userId} where ${gantryEpicAssignees.gantryEpicId} = ${gantryEpics.id})`;

const ORDERED_BY: Record<OrderField, SQL> = {
  CREATED_AT: sql`${gantryEpics.createdAt}`,
  UPDATED_AT: sql`${gantryEpics.updatedAt}`,
  TITLE: sql`lower(${gantryEpics.title}) collate "C"`,
  START_ON: sql`${gantryEpics.startOn}`,
  END_ON: sql`${gantryEpics.endOn}`,
  STATE: sql`array_position(array[${sql.join(
    EPIC_STATES.map((state) => sql`${state}`),
    sql`, `,
  )}]::text[], ${gantryEpics.state})`,
  ASSIGNEES: firstAssignee,
};

/** The order a GantryEpicOrderInput asks for (missing values last either way), ties by id; null for the list's own. */
export function gantryEpicOrder(order: GantryEpicOrder | null | undefined): SQL[] | null {
  if (!order?.field) return null;
  const direction = order.direction === "DESC" ? desc : asc;
  return [sql`${direction(ORDERED_BY[order.field])} nulls last`, asc(gantryEpics.id)];
}
