import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { deleteRecordMutation, recordDeps, recordIdOf, type SchemaTypes } from "../graphql/record-mutations.js";
import { recordMutation, signedInMutation } from "../graphql/signed-in-mutation.js";
import { Workspace } from "../workspaces/schema.js";
import { Priority } from "./field-types.js";
import { batched, issueById } from "./issue-loaders.js";
import { PipelineIssue, pipelineIssueOf } from "./lookup-schema.js";
import type { RepositoryKey } from "./lookups.js";
import {
  createPriority,
  deletePriority,
  removeIssueInfoPriorities,
  setIssueInfoPriorities,
  updatePriority,
  workspacePriorities,
} from "./priorities.js";

const deps = recordDeps;

/** Each asked-for workspace's priority ids, highest first: one query per workspace a page shows. */
const priorityOrderOf = batched<string[]>((workspaceIds, context) =>
  Promise.all(
    workspaceIds.map(async (workspaceId) =>
      (await workspacePriorities(context.db, workspaceId)).map((priority) => priority.id),
    ),
  ),
);

builder.objectField(Priority, "rank", (t) =>
  t.int({
    description: "SPEC §3: the priority's place in its workspace, 1 = high.",
    resolve: async (priority, _args, context) =>
      (await priorityOrderOf(context).load(priority.workspaceId)).indexOf(priority.id) + 1,
  }),
);
const priorityIdOf = recordIdOf("Priority");

/** The reference's way to name an issue: its repository (GitHub's id or Gantry's) and number. */
export const IssueInfoInput = builder.inputType("IssueInfoInput", {
  fields: (t) => ({
    repositoryGhId: t.int({ required: false }),
    repositoryId: t.id({ required: false }),
    issueNumber: t.int({ required: true }),
  }),
});

export function issueInfoOf(info: {
  repositoryGhId?: number | null;
  repositoryId?: string | number | null;
  issueNumber: number;
}): {
  repository: RepositoryKey;
  issueNumber: number;
} {
  const hasGhId = info.repositoryGhId !== null && info.repositoryGhId !== undefined;
  const hasId = info.repositoryId !== null && info.repositoryId !== undefined;
  if (hasGhId === hasId)
    throw new GantryError("BAD_USER_INPUT", "Give either repositoryGhId or repositoryId for each issue.", {
      field: "issues",
    });
  if (info.issueNumber < 1)
    throw new GantryError("BAD_USER_INPUT", "issueNumber must be 1 or more.", { field: "issueNumber" });
  return {
    repository: hasGhId
      ? { ghId: Number(info.repositoryGhId) }
      : { id: idOfType(decodeGantryId(String(info.repositoryId)), "Repository") },
    issueNumber: info.issueNumber,
  };
}

const priorityRecord = { key: "priority", type: Priority } as const;

recordMutation(
  "createPriority",
  priorityRecord,
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      name: t.string({ required: true }),
      color: t.string({ required: true, description: "#RRGGBB." }),
      position: t.int({ required: false, description: "0 is the highest priority; absent puts it last (lowest)." }),
    }),
  },
  {
    run: (input, context, viewer) =>
      createPriority(deps(context), viewer.id, {
        workspaceId: input.workspaceId.id,
        name: input.name,
        color: input.color,
        position: input.position ?? null,
      }),
  },
);

recordMutation(
  "updatePriority",
  priorityRecord,
  {
    inputFields: (t) => ({
      priorityId: t.id({ required: true }),
      name: t.string({ required: false }),
      color: t.string({ required: false }),
      position: t.int({ required: false, description: "0 is the highest priority." }),
    }),
  },
  {
    run: (input, context, viewer) =>
      updatePriority(deps(context), viewer.id, {
        priorityId: priorityIdOf(input.priorityId),
        name: input.name ?? null,
        color: input.color ?? null,
        position: input.position ?? null,
      }),
  },
);

deleteRecordMutation({
  record: priorityRecord,
  typename: "Priority",
  remove: (services, viewerId, priorityId) => deletePriority(services, viewerId, { priorityId }),
});

async function placed(context: GraphQLContext, result: { workspaceId: string; issueIds: string[] }) {
  const issues = await Promise.all(result.issueIds.map((id) => issueById(context).load(id)));
  const views = await Promise.all(
    issues.flatMap((issue) => (issue ? [pipelineIssueOf(context, issue, result.workspaceId)] : [])),
  );
  return views.filter((view) => view !== null);
}

const pipelineIssuesOutput = {
  outputFields: (
    t: PothosSchemaTypes.ObjectFieldBuilder<
      SchemaTypes,
      { pipelineIssues: NonNullable<Awaited<ReturnType<typeof pipelineIssueOf>>>[] }
    >,
  ) => ({
    pipelineIssues: t.field({ type: [PipelineIssue], resolve: (payload) => payload.pipelineIssues }),
  }),
};

type InputFields = PothosSchemaTypes.InputFieldBuilder<SchemaTypes, "InputObject">;

/** The issues a priority mutation names the reference's way, and its clientMutationId. */
const issueInfoFields = (t: InputFields) => ({
  issues: t.field({ type: [IssueInfoInput], required: true }),
  clientMutationId: t.string({ required: false }),
});

/** Those fields as the priority services take them. */
const issueInfoChange = (input: { issues: Parameters<typeof issueInfoOf>[0][]; clientMutationId?: string | null }) => ({
  issues: input.issues.map(issueInfoOf),
  clientMutationId: input.clientMutationId ?? null,
});

/** Runs a priority change as the viewer, answering the issues it wrote as their board's cards. */
async function answerPlaced(
  context: GraphQLContext,
  change: (services: ReturnType<typeof deps>, viewerId: string) => Promise<{ workspaceId: string; issueIds: string[] }>,
) {
  return { pipelineIssues: await placed(context, await change(deps(context), signedInViewer(context).id)) };
}

signedInMutation(
  "setIssueInfoPriorities",
  { inputFields: (t) => ({ priorityId: t.id({ required: true }), ...issueInfoFields(t) }) },
  {
    run: (input, context) =>
      answerPlaced(context, (services, viewerId) =>
        setIssueInfoPriorities(services, viewerId, {
          priorityId: priorityIdOf(input.priorityId),
          ...issueInfoChange(input),
        }),
      ),
  },
  pipelineIssuesOutput,
);

signedInMutation(
  "removeIssueInfoPriorities",
  { inputFields: (t) => ({ workspaceId: t.globalID({ required: true, for: Workspace }), ...issueInfoFields(t) }) },
  {
    run: (input, context) =>
      answerPlaced(context, (services, viewerId) =>
        removeIssueInfoPriorities(services, viewerId, { workspaceId: input.workspaceId.id, ...issueInfoChange(input) }),
      ),
  },
  pipelineIssuesOutput,
);
