import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { recordMutation } from "../graphql/signed-in-mutation.js";
import { Workspace } from "../workspaces/schema.js";
import { STAGES } from "./run.js";
import {
  secondsLeft,
  startZenhubImport,
  type ZenhubImportRow,
  type ZenhubImportServiceDeps,
  type ZenhubWorkspaceChoice,
  zenhubImportsOf,
  zenhubWorkspacesForKey,
} from "./service.js";

function deps(context: GraphQLContext): ZenhubImportServiceDeps {
  if (!context.codeHost) {
    throw new GantryError("BAD_USER_INPUT", "Importing from ZenHub needs GitHub to be connected to this server.");
  }
  return {
    db: context.db,
    secretBox: context.codeHost.deps.secretBox,
    jobs: context.jobs,
    zenhubApiUrl: context.config.zenhubApiUrl,
    now: context.now,
  };
}

const stageIndex = (kind: string) => STAGES.indexOf(kind as (typeof STAGES)[number]);

const ZenhubWorkspaceChoiceRef = builder.objectRef<ZenhubWorkspaceChoice>("ZenhubWorkspaceChoice").implement({
  description: "A ZenHub workspace an API key can read.",
  fields: (t) => ({
    id: t.exposeString("id", { description: "ZenHub's id for the workspace." }),
    name: t.exposeString("name"),
    organizationName: t.exposeString("organizationName"),
  }),
});

const ZenhubImportState = builder.enumType("ZenhubImportState", {
  values: {
    QUEUED: { value: "queued" },
    RUNNING: { value: "running" },
    DONE: { value: "done" },
    FAILED: { value: "failed", description: "Stopped; `error` says where and why. It is retried unless finished." },
  } as const,
});

const ZenhubImportKindProgress = builder
  .objectRef<{ kind: string; done: number; total: number }>("ZenhubImportKindProgress")
  .implement({
    fields: (t) => ({
      kind: t.exposeString("kind", { description: "repositories, pipelines, priorities, issues, links, epics, …" }),
      done: t.exposeInt("done"),
      total: t.exposeInt("total"),
    }),
  });

const ZenhubImportSkip = builder
  .objectRef<{ kind: string; name: string; reason: string }>("ZenhubImportSkip")
  .implement({
    description: "Something the import left out, and why.",
    fields: (t) => ({ kind: t.exposeString("kind"), name: t.exposeString("name"), reason: t.exposeString("reason") }),
  });

const ZenhubImport = builder.objectRef<ZenhubImportRow>("ZenhubImport").implement({
  description: "An import of a ZenHub workspace into this workspace, run in the background.",
  fields: (t) => ({
    id: t.id({ resolve: (row) => encodeGlobalID("ZenhubImport", row.id) }),
    zenhubWorkspaceName: t.exposeString("zenhubWorkspaceName"),
    state: t.field({ type: ZenhubImportState, resolve: (row) => row.state }),
    stage: t.string({ description: `One of: ${STAGES.join(", ")}.`, resolve: (row) => row.checkpoint.stage }),
    progress: t.field({
      type: [ZenhubImportKindProgress],
      description: "In the order the import goes through them.",
      // The database keeps JSON objects' keys in its own order, so the stages' order is restored here.
      resolve: (row) =>
        Object.entries(row.progress)
          .map(([kind, value]) => ({ kind, ...value }))
          .sort((a, b) => stageIndex(a.kind) - stageIndex(b.kind)),
    }),
    skipped: t.field({ type: [ZenhubImportSkip], resolve: (row) => row.skipped }),
    error: t.exposeString("error", { nullable: true }),
    secondsLeft: t.int({
      nullable: true,
      description: "An estimate from the pace so far; null until there is one.",
      resolve: (row, _args, context) => secondsLeft(row, context.now()),
    }),
    finished: t.boolean({
      description: "Done, or failed for good (a refused key, an unreadable workspace).",
      resolve: (row) => row.finishedAt !== null,
    }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (row) => row.createdAt }),
    finishedAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: (row) => row.finishedAt }),
  }),
});

builder.queryField("zenhubWorkspacesForKey", (t) =>
  t.field({
    type: [ZenhubWorkspaceChoiceRef],
    description: "The ZenHub workspaces a ZenHub personal API key can read. The key is used for this call only.",
    authScopes: { signedIn: true },
    args: { apiKey: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => zenhubWorkspacesForKey(deps(context), args.apiKey),
  }),
);

builder.objectField(Workspace, "zenhubImports", (t) =>
  t.field({
    type: [ZenhubImport],
    description: "Imports from ZenHub into this workspace, newest first; workspace admins only.",
    resolve: (workspace, _args, context) => zenhubImportsOf(context.db, signedInViewer(context).id, workspace.id),
  }),
);

recordMutation(
  "startZenhubImport",
  { key: "zenhubImport", type: ZenhubImport },
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      apiKey: t.string({
        required: true,
        description: "A ZenHub personal API key; kept sealed until the import ends.",
      }),
      zenhubWorkspaceId: t.string({ required: true }),
      confirmMerge: t.boolean({
        required: false,
        description: "Import into a workspace that already has issues (none is duplicated).",
      }),
    }),
  },
  {
    run: (input, context, viewer) =>
      startZenhubImport(deps(context), viewer.id, {
        workspaceId: input.workspaceId.id,
        apiKey: input.apiKey,
        zenhubWorkspaceId: input.zenhubWorkspaceId,
        confirmMerge: input.confirmMerge ?? false,
      }),
  },
);
