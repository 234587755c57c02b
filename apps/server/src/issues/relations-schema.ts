import type { schema } from "@gantry/db";
import type { FieldRef, UnionRef } from "@pothos/core";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { bulkOutput } from "../board/issue-mutations.js";
import { issueWriteDeps } from "../board/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import type { GraphQLContext } from "../graphql/context.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { Workspace } from "../workspaces/schema.js";
import { GantryEpic } from "./field-types.js";
import { type IssueRow, issueById } from "./issue-loaders.js";
import {
  addSubIssues,
  type Blockage as BlockageRow,
  createBlockage,
  deleteBlockage,
  removeSubIssues,
} from "./relations.js";

/** The reference also lets Gantry epics block; Gantry's dependencies are between issues (decision 0016). */
const IssueDependencyField = builder.enumType("IssueDependencyField", { values: ["ISSUE"] as const });

const IssueDependencyInput = builder.inputType("IssueDependencyInput", {
  description: "One side of a dependency: an issue's id and its kind.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: Issue }),
    type: t.field({ type: IssueDependencyField, required: true }),
  }),
});

/**
 * The reference's union of what can block: an issue or an epic. Gantry's dependencies are between issues, so only
 * issues are ever answered; GantryEpic is a member so a client's `... on GantryEpic` validates (decision 0075).
 */
type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;
type GantryEpicRow = typeof schema.gantryEpics.$inferSelect;

export const IssueDependencyItem: UnionRef<SchemaTypes, IssueRow | GantryEpicRow> = builder.unionType(
  "IssueDependencyItem",
  {
    types: [Issue, GantryEpic],
    resolveType: (item) => ("number" in item ? Issue : GantryEpic),
  },
);

const loadIssue = async (id: string, context: GraphQLContext) => {
  const issue = await issueById(context).load(id);
  if (!issue) throw new Error(`issue ${id} vanished`);
  return issue;
};

/**
 * A blockage's two issues, under the names and the type a schema type gives them, and its
 * times: a blockage is never edited, so it was last updated when it was made.
 */
export function blockageFields(
  t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, BlockageRow>,
  names: { blocking: string; blocked: string },
  type: typeof Issue | typeof IssueDependencyItem,
): Record<string, FieldRef<SchemaTypes, unknown, "Object">> {
  return {
    // Pothos types a resolver's result by the field's type, which a parameter leaves undecided.
    [names.blocking]: t.field({
      type: type as typeof Issue,
      resolve: (blockage, _args, context) => loadIssue(blockage.blockingIssueId, context),
    }),
    [names.blocked]: t.field({
      type: type as typeof Issue,
      resolve: (blockage, _args, context) => loadIssue(blockage.blockedIssueId, context),
    }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (blockage) => blockage.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (blockage) => blockage.createdAt }),
  };
}

const Blockage = builder.objectRef<BlockageRow>("Blockage").implement({
  description: "The blocking issue blocks the blocked one, on one workspace's board.",
  fields: (t) => ({
    id: t.id({ resolve: (blockage) => encodeGlobalID("Blockage", blockage.id) }),
    ...blockageFields(t, { blocking: "blocking", blocked: "blocked" }, IssueDependencyItem),
  }),
});

for (const [name, change] of [
  ["createBlockage", createBlockage],
  ["deleteBlockage", deleteBlockage],
] as const) {
  signedInMutation(
    name,
    {
      inputFields: (t) => ({
        blocking: t.field({ type: IssueDependencyInput, required: true }),
        blocked: t.field({ type: IssueDependencyInput, required: true }),
        workspaceId: t.globalID({
          required: false,
          for: Workspace,
          description: "The board the dependency belongs to; needed only when both issues are on several.",
        }),
        clientMutationId: t.string({ required: false }),
      }),
    },
    {
      run: async (input, context, viewer) => ({
        blockage: await change(issueWriteDeps(context), viewer.id, {
          blockingId: input.blocking.id.id,
          blockedId: input.blocked.id.id,
          workspaceId: input.workspaceId?.id ?? null,
          clientMutationId: input.clientMutationId ?? null,
        }),
        clientMutationId: input.clientMutationId ?? null,
      }),
    },
    {
      outputFields: (t) => ({
        blockage: t.field({ type: Blockage, resolve: (payload) => payload.blockage }),
        // As the reference's payloads do, so a client can match an answer to its request.
        clientMutationId: t.string({ nullable: true, resolve: (payload) => payload.clientMutationId }),
      }),
    },
  );
}

signedInMutation(
  "addSubIssues",
  {
    inputFields: (t) => ({
      parentId: t.globalID({ required: true, for: Issue }),
      childIssueIds: t.globalIDList({ required: true, for: Issue }),
      replaceParent: t.boolean({ required: false, defaultValue: false }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      addSubIssues(issueWriteDeps(context), viewer.id, {
        parentId: input.parentId.id,
        childIssueIds: input.childIssueIds.map((id) => id.id),
        replaceParent: input.replaceParent ?? false,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
  bulkOutput,
);

signedInMutation(
  "removeSubIssues",
  {
    inputFields: (t) => ({
      childIssueIds: t.globalIDList({ required: true, for: Issue }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      removeSubIssues(issueWriteDeps(context), viewer.id, {
        childIssueIds: input.childIssueIds.map((id) => id.id),
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
  bulkOutput,
);
