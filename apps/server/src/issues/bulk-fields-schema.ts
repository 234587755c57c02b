import { encodeGlobalID } from "@pothos/plugin-relay";
import { bulkOutput } from "../board/issue-mutations.js";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { SprintIssue, sprintIssueRows } from "../sprints/sprint-issues-schema.js";
import { changeMembership, deleteGantryIssue, setMultipleEstimates } from "./bulk-fields.js";
import { GantryEpic, Sprint } from "./field-types.js";

builder.relayMutationField(
  "setMultipleEstimates",
  {
    inputFields: (t) => ({
      issueIds: t.globalIDList({ required: true, for: Issue }),
      value: t.float({ required: false, description: "Story points; null clears the estimates." }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: (_root, { input }, context) =>
      setMultipleEstimates(context, signedInViewer(context).id, {
        issueIds: input.issueIds.map((id) => id.id),
        value: input.value ?? null,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
  {
    outputFields: (t) => ({
      ...bulkOutput.outputFields(t),
      issues: t.field({ type: [Issue], resolve: (payload) => payload.issues }),
    }),
  },
);

for (const change of ["add", "remove"] as const) {
  builder.relayMutationField(
    change === "add" ? "addIssuesToSprints" : "removeIssuesFromSprints",
    {
      inputFields: (t) => ({
        issueIds: t.globalIDList({ required: true, for: Issue }),
        sprintIds: t.globalIDList({ required: true, for: Sprint }),
        clientMutationId: t.string({ required: false }),
      }),
    },
    {
      authScopes: { signedIn: true },
      resolve: (_root, { input }, context) =>
        changeMembership(context, signedInViewer(context).id, "sprint", change, {
          issueIds: input.issueIds.map((id) => id.id),
          targetIds: input.sprintIds.map((id) => id.id),
          clientMutationId: input.clientMutationId ?? null,
        }),
    },
    {
      outputFields: (t) => ({
        ...bulkOutput.outputFields(t),
        sprints: t.field({ type: [Sprint], resolve: (payload) => payload.targets }),
        // The reference answers what addIssuesToSprints made: each issue's place in each sprint.
        ...(change === "add"
          ? {
              sprintIssues: t.field({
                type: [SprintIssue],
                resolve: (payload, _args, context) =>
                  sprintIssueRows(
                    context.db,
                    payload.targets.map((sprint) => sprint.id),
                    payload.issueIds,
                  ),
              }),
            }
          : {}),
      }),
    },
  );

  builder.relayMutationField(
    change === "add" ? "addIssuesToGantryEpics" : "removeIssuesFromGantryEpics",
    {
      inputFields: (t) => ({
        issueIds: t.globalIDList({ required: true, for: Issue }),
        gantryEpicIds: t.globalIDList({ required: true, for: GantryEpic }),
        clientMutationId: t.string({ required: false }),
      }),
    },
    {
      authScopes: { signedIn: true },
      resolve: (_root, { input }, context) =>
        changeMembership(context, signedInViewer(context).id, "gantryEpic", change, {
          issueIds: input.issueIds.map((id) => id.id),
          targetIds: input.gantryEpicIds.map((id) => id.id),
          clientMutationId: input.clientMutationId ?? null,
        }),
    },
    {
      outputFields: (t) => ({
        ...bulkOutput.outputFields(t),
        gantryEpics: t.field({ type: [GantryEpic], resolve: (payload) => payload.targets }),
      }),
    },
  );
}

builder.relayMutationField(
  "deleteGantryIssue",
  {
    inputFields: (t) => ({
      issueId: t.globalID({ required: true, for: Issue, description: "A Gantry (native) issue." }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => ({
      issueId: await deleteGantryIssue(
        context,
        signedInViewer(context).id,
        { issueId: input.issueId.id, clientMutationId: input.clientMutationId ?? null },
        context.origin ?? null,
      ),
    }),
  },
  { outputFields: (t) => ({ issueId: t.id({ resolve: (payload) => encodeGlobalID("Issue", payload.issueId) }) }) },
);
