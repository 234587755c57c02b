import { encodeGlobalID } from "@pothos/plugin-relay";
import { issueWriteDeps } from "../board/schema.js";
import { idsOf, StringInput } from "../board/search-input.js";
import { Issue, IssueState } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { forwardPageConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { visibleWorkspaceIds } from "../issues/visible-workspaces.js";
import { GantryOrganization } from "../organizations/schema.js";
import { Workspace } from "../workspaces/schema.js";
import { moveStrategicIssue } from "./moves.js";
import { type PlanningViewer, type StrategicItem, searchStrategicIssues } from "./strategic-issues.js";

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

const StrategicIssuesFiltersInput = builder.inputType("StrategicIssuesFiltersInput", {
  fields: (t) => ({
    labels: t.field({ type: StringInput, required: false, description: "Issues with any of the label names in `in`." }),
  }),
});

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
      },
      resolve: async (organization, args, context) => {
        const page = await searchStrategicIssues(context.db, await planningViewer(context, organization.id), {
          filters: {
            workspaceId: args.workspaceId?.id ?? null,
            repositoryIds: idsOf("repositoryIds", "Repository", args.repositoryIds) ?? [],
            query: (args.query ?? "").slice(0, 200),
            labels: args.filters?.labels?.in ?? [],
            states: args.states ?? ["OPEN"],
          },
          parentIssueId: args.parentIssueId?.id ?? null,
          first: args.first ?? 50,
          after: args.after ?? null,
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
