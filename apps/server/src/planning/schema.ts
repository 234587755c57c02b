import { MAX_FILTER_VALUE_LENGTH, MAX_FILTER_VALUES } from "@gantry/domain";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { OrderDirection } from "../board/order-input.js";
import { issueWriteDeps } from "../board/schema.js";
import { idsOf, StringInput } from "../board/search-input.js";
import { Issue, IssueState } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { forwardPageConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { visibleWorkspaceIds } from "../issues/visible-workspaces.js";
import { GantryOrganization } from "../organizations/schema.js";
import { Workspace } from "../workspaces/schema.js";
import { moveStrategicIssue } from "./moves.js";
import { type PlanningViewer, type StrategicItem, searchStrategicIssues } from "./strategic-issues.js";
import { MANUAL_ORDER, STRATEGIC_ORDER_FIELDS } from "./strategic-order.js";

const planningViewer = async (context: GraphQLContext, organizationId: string): Promise<PlanningViewer> => ({
  organizationId,
  visibleWorkspaceIds: [...(await visibleWorkspaceIds(context))],
});

const StrategicIssueSearchItem = builder.objectRef<StrategicItem>("StrategicIssueSearchItem").implement({
  description: "An issue in the organisation's strategic planning panel (SPEC §3).",
  fields: (t) => ({
    id: t.id({ resolve: (item) => encodeGlobalID("StrategicIssueSearchItem", item.issue.id) }),
    issue: t.field({ type: Issue, resolve: (item) => item.issue }),
    hasMatchingChildren: t.boolean({
      nullable: true,
      description: "Whether the issue has children that match the search.",
      resolve: (item) => item.hasMatchingChildren,
    }),
  }),
});

const IssueIssueTypeFiltersInput = builder.inputType("IssueIssueTypeFiltersInput", {
  description: "Issue type names, in any case: `in` keeps issues of one of them, `nin` issues of none (untyped too).",
  fields: (t) => ({ in: t.stringList({ required: false }), nin: t.stringList({ required: false }) }),
});

const IssueIssueTypeLevelRangeInput = builder.inputType("IssueIssueTypeLevelRangeInput", {
  description:
    "ZenHub's issue type levels, inclusive. Gantry's issue types have no level (`level` is null): a range with a bound keeps no issue.",
  fields: (t) => ({ minimum: t.int({ required: false }), maximum: t.int({ required: false }) }),
});

const StrategicIssuesFiltersInput = builder.inputType("StrategicIssuesFiltersInput", {
  fields: (t) => ({
    labels: t.field({ type: StringInput, required: false, description: "Issues with any of the label names in `in`." }),
    issueIssueTypes: t.field({ type: IssueIssueTypeFiltersInput, required: false }),
    issueIssueTypesLevelRange: t.field({ type: IssueIssueTypeLevelRangeInput, required: false }),
  }),
});

const StrategicIssuesOrderField = builder.enumType("StrategicIssuesOrderField", {
  description:
    "MANUAL: the panel's planning order. TITLE and ASSIGNEE_LOGIN (an issue's first assignee by login) compare in any case; START_ON and END_ON read an epic's dates. Issues without the value come last ascending, first descending.",
  values: STRATEGIC_ORDER_FIELDS,
});

const StrategicIssuesOrderInput = builder.inputType("StrategicIssuesOrderInput", {
  fields: (t) => ({
    direction: t.field({ type: OrderDirection, required: true }),
    field: t.field({ type: StrategicIssuesOrderField, required: true }),
  }),
});

/** Issue type names as given, or a clear refusal of a list or name no issue type could have. */
function issueTypeNames(types: { in?: readonly string[] | null; nin?: readonly string[] | null } | null | undefined) {
  for (const [field, names] of [
    ["in", types?.in],
    ["nin", types?.nin],
  ] as const) {
    if (names && (names.length > MAX_FILTER_VALUES || names.some((name) => name.length > MAX_FILTER_VALUE_LENGTH)))
      throw new GantryError(
        "BAD_USER_INPUT",
        `Give at most ${MAX_FILTER_VALUES} issue type names of at most ${MAX_FILTER_VALUE_LENGTH} characters.`,
        { field: `filters.issueIssueTypes.${field}` },
      );
  }
  return types ? { in: types.in ? [...types.in] : null, nin: types.nin ? [...types.nin] : null } : null;
}

function levelRange(range: { minimum?: number | null; maximum?: number | null } | null | undefined) {
  if (range?.minimum != null && range.maximum != null && range.minimum > range.maximum)
    throw new GantryError("BAD_USER_INPUT", "The level range's minimum is above its maximum.", {
      field: "filters.issueIssueTypesLevelRange",
    });
  return range ?? null;
}

builder.objectField(GantryOrganization, "searchStrategicIssues", (t) =>
  t.connection(
    {
      type: StrategicIssueSearchItem,
      description:
        "One level of the planning panel's tree across the organisation's workspaces the viewer may open, in planning order: the top level, or a parent's children (decision 0023).",
      args: {
        workspaceId: t.arg.globalID({ required: false, for: Workspace }),
        repositoryIds: t.arg.idList({ required: false }),
        parentIssueId: t.arg.globalID({ required: false, for: Issue }),
        query: t.arg.string({ required: false }),
        states: t.arg({ type: [IssueState], required: false, defaultValue: ["OPEN"] }),
        filters: t.arg({ type: StrategicIssuesFiltersInput, required: false }),
        issueIds: t.arg.idList({ required: false, description: "Only these issues (still one level of the tree)." }),
        order: t.arg({ type: StrategicIssuesOrderInput, required: false, description: "MANUAL ASC when left out." }),
      },
      resolve: async (organization, args, context) => {
        const page = await searchStrategicIssues(context.db, await planningViewer(context, organization.id), {
          filters: {
            workspaceId: args.workspaceId?.id ?? null,
            repositoryIds: idsOf("repositoryIds", "Repository", args.repositoryIds) ?? [],
            query: (args.query ?? "").slice(0, 200),
            labels: args.filters?.labels?.in ?? [],
            states: args.states ?? ["OPEN"],
            issueIds: idsOf("issueIds", "Issue", args.issueIds) ?? null,
            issueTypes: issueTypeNames(args.filters?.issueIssueTypes),
            issueTypeLevels: levelRange(args.filters?.issueIssueTypesLevelRange),
          },
          parentIssueId: args.parentIssueId?.id ?? null,
          first: args.first ?? 50,
          after: args.after ?? null,
          order: args.order ?? MANUAL_ORDER,
        });
        return forwardPageConnection(page, args.after, (item) => item.cursor);
      },
    },
    { name: "StrategicIssueSearchItemConnection" },
    { name: "StrategicIssueSearchItemEdge" },
  ),
);

const StrategicIssueMoveInstruction = builder.enumType("StrategicIssueMoveInstruction", {
  description: "Where the issue goes relative to the target: its last child, just above it, or just below it.",
  values: ["MAKE_CHILD", "REORDER_ABOVE", "REORDER_BELOW"] as const,
});

signedInMutation(
  "moveStrategicIssue",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      issueId: t.globalID({ required: true, for: Issue }),
      targetIssueId: t.globalID({ required: true, for: Issue }),
      instruction: t.field({ type: StrategicIssueMoveInstruction, required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: async (input, context, viewer) => ({
      issue: await moveStrategicIssue(
        issueWriteDeps(context),
        viewer.id,
        await planningViewer(context, input.gantryOrganizationId.id),
        {
          issueId: input.issueId.id,
          targetIssueId: input.targetIssueId.id,
          instruction: input.instruction,
          clientMutationId: input.clientMutationId ?? null,
        },
      ),
      clientMutationId: input.clientMutationId ?? null,
    }),
  },
  {
    outputFields: (t) => ({
      issue: t.field({ type: Issue, resolve: (payload) => payload.issue }),
      clientMutationId: t.string({ nullable: true, resolve: (payload) => payload.clientMutationId }),
    }),
  },
);
