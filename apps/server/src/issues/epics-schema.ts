import { schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, eq, inArray } from "drizzle-orm";
import { bulkOutput } from "../board/issue-mutations.js";
import { MAX_ISSUES_PER_CALL, patches, updateIssues } from "../board/issue-writes.js";
import { issueWriteDeps } from "../board/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { signedInViewer } from "../graphql/context.js";
import { type Link, linkedRows } from "../graphql/linked-rows.js";
import { recordOutput } from "../graphql/record-mutations.js";
import { recordMutation, signedInMutation } from "../graphql/signed-in-mutation.js";
import { requireWorkspace } from "../organizations/access.js";
import { GantryOrganization } from "../organizations/schema.js";
import { Workspace } from "../workspaces/schema.js";
import { epicWorkspaceOf } from "./epic-workspace.js";
import {
  changeEpicIssues,
  createEpicFromIssue,
  createGantryEpic,
  deleteGantryEpic,
  updateGantryEpic,
} from "./epics.js";
import { GantryEpic, GantryEpicState } from "./field-types.js";
import { Epic } from "./issue-fields-schema.js";
import { IssueFiltersInput, keptByIssueFilters } from "./issue-filters.js";
import { batched, type ChildProgress, groupBy, progressByState, stateTotals } from "./issue-loaders.js";
import { issueOnBoardOf } from "./on-board.js";
import { childProgressFields } from "./progress-fields.js";

const { epicIssues, gantryEpicIssues, gantryEpics, issues, workspaceRepositories } = schema;

/** A GitHub epic's child issues, by number. */
const issuesOfEpic: Link<typeof issues> = {
  target: issues,
  from: epicIssues.epicId,
  to: epicIssues.issueId,
  orderBy: [asc(issues.number)],
};

/** Issues closed of all and points done of all, for each GitHub epic. */
const epicProgress = batched<ChildProgress>(async (ids, { db }) => {
  const rows = await db
    .select({ epicId: epicIssues.epicId, ...stateTotals })
    .from(epicIssues)
    .innerJoin(issues, eq(issues.id, epicIssues.issueId))
    .where(inArray(epicIssues.epicId, ids))
    .groupBy(epicIssues.epicId, issues.state);
  return groupBy(ids, rows, (row) => row.epicId).map(progressByState);
});

/** The same for each Gantry epic, counting only issues its workspace's board shows. */
const gantryEpicProgress = batched<ChildProgress>(async (ids, { db }) => {
  const rows = await db
    .select({ epicId: gantryEpicIssues.gantryEpicId, ...stateTotals })
    .from(gantryEpicIssues)
    .innerJoin(issues, eq(issues.id, gantryEpicIssues.issueId))
    .innerJoin(gantryEpics, eq(gantryEpics.id, gantryEpicIssues.gantryEpicId))
    .innerJoin(workspaceRepositories, issueOnBoardOf(gantryEpics.workspaceId))
    .where(inArray(gantryEpicIssues.gantryEpicId, ids))
    .groupBy(gantryEpicIssues.gantryEpicId, issues.state);
  return groupBy(ids, rows, (row) => row.epicId).map(progressByState);
});

builder.objectFields(Epic, (t) => {
  const progress = childProgressFields(t, epicProgress, {
    count: "The epic's issues, open and closed.",
    estimate: "The story points of the epic's issues, open and closed.",
  });
  return {
    issueCountProgress: progress.count,
    issueEstimateProgress: progress.estimate,
    childIssues: t.connection({
      type: Issue,
      args: {
        filters: t.arg({
          type: IssueFiltersInput,
          required: false,
          description: "Only issues of these repositories, or this state.",
        }),
      },
      resolve: async (epic, args, context) =>
        arrayConnection(
          args,
          keptByIssueFilters(await linkedRows(context.db, issuesOfEpic, epic.id), args.filters, (row) => row),
        ),
    }),
  };
});

builder.objectFields(GantryEpic, (t) => {
  const progress = childProgressFields(t, gantryEpicProgress, {
    count: "The epic's issues on its workspace's board, open and closed.",
    estimate: "The story points of those issues, open and closed.",
  });
  return {
    body: t.exposeString("body"),
    startOn: t.field({ type: "ISO8601Date", nullable: true, resolve: (epic) => epic.startOn }),
    endOn: t.field({ type: "ISO8601Date", nullable: true, resolve: (epic) => epic.endOn }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (epic) => epic.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (epic) => epic.updatedAt }),
    gantryIssueCountProgress: progress.count,
    gantryIssueEstimateProgress: progress.estimate,
    childIssues: t.connection({
      type: Issue,
      description:
        "The epic's issues on its workspace's board, or on the board of `workspaceId` (the reference's argument) when given.",
      args: { workspaceId: t.arg.globalID({ required: false, for: Workspace }) },
      resolve: async (epic, args, context) => {
        const workspaceId = args.workspaceId?.id ?? epic.workspaceId;
        if (workspaceId !== epic.workspaceId) {
          await requireWorkspace(context.db, workspaceId, signedInViewer(context).id, "viewer");
        }
        const rows = await context.db
          .select({ issue: issues })
          .from(gantryEpicIssues)
          .innerJoin(issues, eq(issues.id, gantryEpicIssues.issueId))
          .innerJoin(workspaceRepositories, issueOnBoardOf(workspaceId))
          .where(eq(gantryEpicIssues.gantryEpicId, epic.id))
          .orderBy(asc(issues.number));
        return arrayConnection(
          args,
          rows.map((row) => row.issue),
        );
      },
    }),
  };
});

/** The payload of the mutations that answer one Gantry epic as it now is. */
const gantryEpicRecord = { key: "gantryEpic", type: GantryEpic } as const;
const gantryEpicOutput = recordOutput(gantryEpicRecord.key, gantryEpicRecord.type);

const GantryEpicInput = builder.inputType("GantryEpicInput", {
  fields: (t) => ({ title: t.string({ required: true }), body: t.string({ required: false }) }),
});

recordMutation(
  "createGantryEpic",
  gantryEpicRecord,
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({
        required: false,
        for: Workspace,
        description: "The epic's workspace; else the one whose Gantry repository `gantryRepositoryId` is.",
      }),
      gantryOrganizationId: t.globalID({
        required: false,
        for: GantryOrganization,
        description: "When given, the workspace's organisation (checked).",
      }),
      gantryRepositoryId: t.globalID({
        required: false,
        for: Repository,
        description:
          "A workspace's Gantry repository: the epic is that workspace's. A GitHub repository must be connected to `workspaceId`.",
      }),
      gantryEpic: t.field({ type: GantryEpicInput, required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: async (input, context, viewer) =>
      createGantryEpic(context, viewer.id, {
        workspaceId: await epicWorkspaceOf(context.db, viewer.id, {
          workspaceId: input.workspaceId?.id ?? null,
          organizationId: input.gantryOrganizationId?.id ?? null,
          repositoryId: input.gantryRepositoryId?.id ?? null,
        }),
        title: input.gantryEpic.title,
        body: input.gantryEpic.body ?? null,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
);

recordMutation(
  "updateGantryEpic",
  gantryEpicRecord,
  {
    inputFields: (t) => ({
      gantryEpicId: t.globalID({ required: true, for: GantryEpic }),
      title: t.string({ required: false }),
      body: t.string({ required: false }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      updateGantryEpic(context, viewer.id, {
        gantryEpicId: input.gantryEpicId.id,
        title: input.title,
        body: input.body,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
);

recordMutation(
  "updateGantryEpicDates",
  gantryEpicRecord,
  {
    inputFields: (t) => ({
      gantryEpicId: t.globalID({ required: true, for: GantryEpic }),
      startOn: t.field({ type: "ISO8601Date", required: false, description: "null clears the date." }),
      endOn: t.field({ type: "ISO8601Date", required: false, description: "null clears the date." }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      updateGantryEpic(context, viewer.id, {
        gantryEpicId: input.gantryEpicId.id,
        startOn: input.startOn,
        endOn: input.endOn,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
);

signedInMutation(
  "updateGantryEpicState",
  {
    inputFields: (t) => ({
      gantryEpicId: t.globalID({ required: true, for: GantryEpic }),
      state: t.field({ type: GantryEpicState, required: true }),
      applyToIssues: t.boolean({
        required: false,
        defaultValue: false,
        description:
          "Also close the epic's open issues on its board (CLOSED), or reopen its closed ones (any other state); an issue you cannot edit, or GitHub refuses, keeps its state.",
      }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      const userId = viewer.id;
      const gantryEpic = await updateGantryEpic(context, userId, {
        gantryEpicId: input.gantryEpicId.id,
        state: input.state,
        clientMutationId: input.clientMutationId ?? null,
      });
      if (input.applyToIssues) {
        const closing = input.state === "CLOSED";
        const rows = await context.db
          .select({ id: issues.id })
          .from(gantryEpicIssues)
          .innerJoin(issues, eq(issues.id, gantryEpicIssues.issueId))
          .innerJoin(workspaceRepositories, issueOnBoardOf(gantryEpic.workspaceId))
          .where(and(eq(gantryEpicIssues.gantryEpicId, gantryEpic.id), eq(issues.state, closing ? "open" : "closed")))
          .orderBy(asc(issues.number));
        const ids = rows.map((row) => row.id);
        // updateIssues takes at most MAX_ISSUES_PER_CALL at once; each issue is checked and written on its own.
        for (let start = 0; start < ids.length; start += MAX_ISSUES_PER_CALL) {
          await updateIssues(
            issueWriteDeps(context),
            userId,
            ids.slice(start, start + MAX_ISSUES_PER_CALL),
            closing ? patches.close() : patches.reopen(),
          );
        }
      }
      return { gantryEpic };
    },
  },
  gantryEpicOutput,
);

signedInMutation(
  "deleteGantryEpic",
  {
    inputFields: (t) => ({
      gantryEpicId: t.globalID({ required: true, for: GantryEpic }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: async (input, context, viewer) => ({
      gantryEpicId: await deleteGantryEpic(context, viewer.id, {
        gantryEpicId: input.gantryEpicId.id,
        clientMutationId: input.clientMutationId ?? null,
      }),
    }),
  },
  {
    outputFields: (t) => ({
      gantryEpicId: t.id({ resolve: (payload) => encodeGlobalID("GantryEpic", payload.gantryEpicId) }),
    }),
  },
);

signedInMutation(
  "createEpicFromIssue",
  {
    inputFields: (t) => ({
      issueId: t.globalID({ required: true, for: Issue, description: "A GitHub issue." }),
      epicChildIds: t.globalIDList({ required: false, for: Issue, description: "Ids of issues to add to the epic" }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      createEpicFromIssue(context, viewer.id, {
        issueId: input.issueId.id,
        epicChildIds: (input.epicChildIds ?? []).map((id) => id.id),
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
  {
    outputFields: (t) => ({
      ...bulkOutput.outputFields(t),
      epic: t.field({ type: Epic, resolve: (payload) => payload.epic }),
    }),
  },
);

for (const change of ["add", "remove"] as const) {
  signedInMutation(
    change === "add" ? "addIssuesToEpics" : "removeIssuesFromEpics",
    {
      inputFields: (t) => ({
        issueIds: t.globalIDList({ required: true, for: Issue }),
        epicIds: t.globalIDList({ required: true, for: Epic }),
        clientMutationId: t.string({ required: false }),
      }),
    },
    {
      run: (input, context, viewer) =>
        changeEpicIssues(context, viewer.id, change, {
          issueIds: input.issueIds.map((id) => id.id),
          epicIds: input.epicIds.map((id) => id.id),
          clientMutationId: input.clientMutationId ?? null,
        }),
    },
    {
      outputFields: (t) => ({
        ...bulkOutput.outputFields(t),
        epics: t.field({ type: [Epic], resolve: (payload) => payload.epics }),
      }),
    },
  );
}
