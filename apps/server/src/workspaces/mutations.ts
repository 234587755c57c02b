import { schema } from "@gantry/db";
import { inArray } from "drizzle-orm";
import { GantryUser } from "../accounts/schema.js";
import { builder } from "../graphql/builder.js";
import type { GraphQLContext } from "../graphql/context.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { GantryOrganization } from "../organizations/schema.js";
import { requestSprintAutomation } from "../sprints/automation.js";
import { SprintConfigKind, START_TIME_INPUT } from "../sprints/schema.js";
import { PermissionLevel, PipelineStage, Workspace, workspaceForViewer } from "./schema.js";
import {
  createWorkspace,
  deleteWorkspace,
  markWorkspaceViewed,
  removeWorkspacePermissions,
  setWorkspacePermissions,
  updateWorkspace,
} from "./service.js";
import { disconnectWorkspaceRepository } from "./workspace-repositories.js";

const deps = (context: GraphQLContext) => ({ db: context.db, now: context.now });

const PipelineConfigInput = builder.inputType("PipelineConfigInput", {
  description: "A pipeline a new workspace starts with.",
  fields: (t) => ({
    name: t.string({ required: true, description: "1 to 100 characters, unique in the workspace whatever its case." }),
    description: t.string({ required: false }),
    stage: t.field({ type: PipelineStage, required: false }),
  }),
});

const SprintConfigInput = builder.inputType("SprintConfigInput", {
  description:
    'The sprints a new workspace starts with, as createSprintConfig makes them: named "Sprint", the first starting on startOnTime\'s day in the zone (today when left out or given as HH:mm), unfinished issues moving to the next.',
  fields: (t) => ({
    tzIdentifier: t.string({ required: true, description: "An IANA time zone, e.g. Europe/Berlin." }),
    kind: t.field({
      type: SprintConfigKind,
      required: false,
      defaultValue: "weekly",
      description: "`weekly`; `monthly` is refused: Gantry's sprints last whole weeks.",
    }),
    period: t.int({ required: false, defaultValue: 2, description: "Weeks per sprint, 1 to 8." }),
    startOnTime: t.string({ required: false, description: `${START_TIME_INPUT} Left out, midnight today.` }),
  }),
});

const WorkspaceConfigInput = builder.inputType("WorkspaceConfigInput", {
  fields: (t) => ({
    pipelines: t.field({
      type: [PipelineConfigInput],
      required: false,
      description: "In board order, instead of the default pipelines; at least one.",
    }),
    sprintConfig: t.field({ type: SprintConfigInput, required: false }),
  }),
});

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

/** The payload of every mutation that changes a workspace: the workspace as the viewer now sees it. */
const workspaceOutput = {
  outputFields: (t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, { workspaceId: string }>) => ({
    workspace: t.field({
      type: Workspace,
      resolve: (payload, _args, context) => workspaceForViewer(context, payload.workspaceId),
    }),
  }),
};

signedInMutation(
  "createWorkspace",
  {
    inputFields: (t) => ({
      name: t.string({ required: true }),
      description: t.string({ required: false }),
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      private: t.boolean({ required: false }),
      repositoryGhIds: t.intList({
        required: false,
        description:
          "GitHub repositories (`Repository.ghId`) to connect, each one your GitHub account can reach, as addRepositoryToWorkspace.",
      }),
      defaultRepositoryGhId: t.int({
        required: false,
        description: "One of repositoryGhIds as the workspace's default repository; left out, its Gantry repository.",
      }),
      workspaceConfig: t.field({
        type: WorkspaceConfigInput,
        required: false,
        description: "The pipelines (instead of the default board) and sprints the workspace starts with.",
      }),
    }),
  },
  {
    description:
      "Creates a workspace (organisation members; its creator is its admin), with its repositories, pipelines and sprints when given: all or nothing (decision 0098).",
    run: async (input, context, viewer) => {
      const workspace = await createWorkspace({ ...deps(context), codeHost: context.codeHost }, viewer.id, {
        organizationId: input.gantryOrganizationId.id,
        name: input.name,
        description: input.description ?? null,
        isPrivate: input.private ?? null,
        repositoryGhIds: input.repositoryGhIds ?? null,
        defaultRepositoryGhId: input.defaultRepositoryGhId ?? null,
        config: input.workspaceConfig ?? null,
      });
      // A workspace made with sprints has them automated at once, as createSprintConfig does.
      if (input.workspaceConfig?.sprintConfig) await requestSprintAutomation(context.jobs, workspace.id);
      return { workspaceId: workspace.id };
    },
  },
  workspaceOutput,
);

signedInMutation(
  "updateWorkspace",
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      name: t.string({ required: true }),
      description: t.string({ required: false }),
      private: t.boolean({ required: false }),
      pipelineLabelSync: t.boolean({
        required: false,
        description:
          'Mirror each issue\'s pipeline to a "pipeline: <name>" label on GitHub, and read label changes back as moves.',
      }),
      assumeEstimates: t.boolean({
        required: false,
        description: "Count unestimated issues at an assumed estimate when sprints are filled.",
      }),
      assumedEstimateValue: t.int({
        required: false,
        description: "The assumed estimate; null assumes the workspace's median estimate, else 2.",
      }),
      defaultRepositoryGhId: t.int({
        required: false,
        description:
          "A connected repository (`Repository.ghId`) as the workspace's default; null goes back to its Gantry repository, left out keeps it.",
      }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      await updateWorkspace(deps(context), viewer.id, {
        workspaceId: input.workspaceId.id,
        name: input.name,
        description: input.description ?? null,
        isPrivate: input.private ?? null,
        pipelineLabelSync: input.pipelineLabelSync ?? null,
        assumeEstimates: input.assumeEstimates ?? null,
        assumedEstimateValue: input.assumedEstimateValue,
        defaultRepositoryGhId: input.defaultRepositoryGhId,
      });
      return { workspaceId: input.workspaceId.id };
    },
  },
  workspaceOutput,
);

signedInMutation(
  "disconnectWorkspaceRepository",
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      repositoryGhId: t.int({
        required: true,
        description: "The connected GitHub repository (`Repository.ghId`).",
      }),
    }),
  },
  {
    description:
      "Takes a GitHub repository off the workspace (editors, as connecting): its issues leave the board and the workspace's releases stop naming it; Gantry keeps what it knows of them for when it is connected again (decision 0094).",
    run: async (input, context, viewer) => {
      await disconnectWorkspaceRepository({ db: context.db, events: context.events }, viewer.id, {
        workspaceId: input.workspaceId.id,
        repositoryGhId: input.repositoryGhId,
      });
      return { workspaceId: input.workspaceId.id };
    },
  },
  workspaceOutput,
);

signedInMutation(
  "deleteWorkspace",
  { inputFields: (t) => ({ workspaceId: t.globalID({ required: true, for: Workspace }) }) },
  {
    run: async (input, context, viewer) => {
      await deleteWorkspace(deps(context), viewer.id, input.workspaceId.id, context.origin ?? null);
      return { workspaceId: input.workspaceId.id };
    },
  },
  { outputFields: (t) => ({ workspaceId: t.id({ resolve: (payload) => payload.workspaceId }) }) },
);

export const WorkspaceRoleInput = builder.inputType("WorkspaceRoleInput", {
  fields: (t) => ({
    gantryUserId: t.globalID({ required: true, for: GantryUser }),
    role: t.field({ type: PermissionLevel, required: true }),
  }),
});

signedInMutation(
  "updateWorkspaceGantryUserRole",
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      workspaceUserRoles: t.field({ type: [WorkspaceRoleInput], required: true }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      const granted = input.workspaceUserRoles.filter((role) => role.role !== "none");
      const revoked = input.workspaceUserRoles.filter((role) => role.role === "none");
      await setWorkspacePermissions(
        deps(context),
        viewer.id,
        {
          workspaceId: input.workspaceId.id,
          roles: granted.map((role) => ({
            userId: role.gantryUserId.id,
            permission: role.role as Exclude<typeof role.role, "none">,
          })),
        },
        context.origin ?? null,
      );
      if (revoked.length > 0) {
        await removeWorkspacePermissions(
          deps(context),
          viewer.id,
          {
            workspaceId: input.workspaceId.id,
            userIds: revoked.map((role) => role.gantryUserId.id),
          },
          context.origin ?? null,
        );
      }
      return { workspaceId: input.workspaceId.id };
    },
  },
  workspaceOutput,
);

signedInMutation(
  "removeGantryUsersFromWorkspace",
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      gantryUserIds: t.globalIDList({ required: true, for: GantryUser }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      await removeWorkspacePermissions(
        deps(context),
        viewer.id,
        { workspaceId: input.workspaceId.id, userIds: input.gantryUserIds.map((id) => id.id) },
        context.origin ?? null,
      );
      return { workspaceId: input.workspaceId.id, userIds: input.gantryUserIds.map((id) => id.id) };
    },
  },
  {
    outputFields: (t) => ({
      ...workspaceOutput.outputFields(t),
      gantryUsers: t.field({
        type: [GantryUser],
        description: "The people named, in the order given (each once), who no longer have a role on the workspace.",
        resolve: async (payload, _args, context) => {
          const ids = [...new Set(payload.userIds)];
          const rows = ids.length
            ? await context.db.select().from(schema.users).where(inArray(schema.users.id, ids))
            : [];
          return ids.flatMap((id) => rows.filter((row) => row.id === id));
        },
      }),
    }),
  },
);

signedInMutation(
  "setWorkspaceViewedNow",
  { inputFields: (t) => ({ workspaceId: t.globalID({ required: true, for: Workspace }) }) },
  {
    run: async (input, context, viewer) => {
      await markWorkspaceViewed(deps(context), viewer.id, input.workspaceId.id);
      return { workspaceId: input.workspaceId.id };
    },
  },
  workspaceOutput,
);
