import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { deleteRecordMutation, recordDeps, recordIdOf } from "../graphql/record-mutations.js";
import { recordMutation } from "../graphql/signed-in-mutation.js";
import { Workspace } from "../workspaces/schema.js";
import { membershipMutation } from "./bulk-fields-schema.js";
import { Release, ReleaseState } from "./field-types.js";
import { createRelease, deleteRelease, releaseIssueRows, updateRelease } from "./releases.js";

const deps = recordDeps;
const releaseIdOf = recordIdOf("Release");

builder.objectFields(Release, (t) => ({
  startOn: t.field({ type: "ISO8601Date", nullable: true, resolve: (release) => release.startOn }),
  endOn: t.field({ type: "ISO8601Date", nullable: true, resolve: (release) => release.endOn }),
  createdAt: t.field({ type: "ISO8601DateTime", resolve: (release) => release.createdAt }),
  updatedAt: t.field({ type: "ISO8601DateTime", resolve: (release) => release.updatedAt }),
  issues: t.connection({
    type: Issue,
    description: "The release's issues, by repository and number.",
    resolve: async (release, args, context) => arrayConnection(args, await releaseIssueRows(context.db, release.id)),
  }),
}));

const ReleaseCreateInput = builder.inputType("ReleaseCreateInput", {
  fields: (t) => ({
    title: t.string({ required: true }),
    description: t.string({ required: false }),
    startOn: t.field({ type: "ISO8601Date", required: false }),
    endOn: t.field({ type: "ISO8601Date", required: false }),
    repositoryGhIds: t.intList({
      required: false,
      description:
        "The workspace's repositories the release is for (GitHub's ids; a Gantry repository's `ghId`); none: the whole workspace.",
    }),
  }),
});

const ReleaseUpdateInput = builder.inputType("ReleaseUpdateInput", {
  fields: (t) => ({
    title: t.string({ required: false }),
    description: t.string({ required: false }),
    state: t.field({ type: ReleaseState, required: false }),
    startOn: t.field({ type: "ISO8601Date", required: false, description: "null clears the date." }),
    endOn: t.field({ type: "ISO8601Date", required: false, description: "null clears the date." }),
  }),
});

const releaseRecord = { key: "release", type: Release } as const;

recordMutation(
  "createRelease",
  releaseRecord,
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({
        required: false,
        for: Workspace,
        description:
          "The workspace the release belongs to. Left out (as the reference does), the one workspace you can plan in showing all of `release.repositoryGhIds`.",
      }),
      release: t.field({ type: ReleaseCreateInput, required: true }),
    }),
  },
  {
    run: (input, context, viewer) =>
      createRelease(deps(context), viewer.id, {
        workspaceId: input.workspaceId?.id ?? null,
        title: input.release.title,
        description: input.release.description ?? null,
        startOn: input.release.startOn ?? null,
        endOn: input.release.endOn ?? null,
        repositoryGhIds: input.release.repositoryGhIds ?? [],
      }),
  },
);

recordMutation(
  "updateRelease",
  releaseRecord,
  {
    inputFields: (t) => ({
      releaseId: t.id({ required: true }),
      release: t.field({ type: ReleaseUpdateInput, required: true }),
    }),
  },
  {
    run: (input, context, viewer) => {
      const change = input.release;
      return updateRelease(deps(context), viewer.id, {
        releaseId: releaseIdOf(input.releaseId),
        title: change.title ?? undefined,
        description: change.description ?? undefined,
        state: change.state ?? null,
        // An explicit null clears a date; a missing field keeps it.
        ...("startOn" in change ? { startOn: change.startOn ?? null } : {}),
        ...("endOn" in change ? { endOn: change.endOn ?? null } : {}),
      });
    },
  },
);

deleteRecordMutation({
  record: releaseRecord,
  typename: "Release",
  remove: (services, viewerId, releaseId) => deleteRelease(services, viewerId, { releaseId }),
});

for (const change of ["add", "remove"] as const) membershipMutation({ kind: "release", change, type: Release });
