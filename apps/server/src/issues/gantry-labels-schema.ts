import { schema } from "@gantry/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { GantryUser } from "../accounts/schema.js";
import { containing } from "../board/filter-options.js";
import { LabelInfoInput } from "../board/issue-mutations.js";
import { Issue } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { type Link, linkedRows } from "../graphql/linked-rows.js";
import type { SchemaTypes } from "../graphql/record-mutations.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { readableInWorkspace } from "../organizations/readable-node.js";
import { Workspace } from "../workspaces/schema.js";
import type { GantryEpicRow } from "./epics.js";
import { GantryEpic, Release } from "./field-types.js";
import {
  changeEpicAssignees,
  changeEpicLabels,
  changeIssueLabels,
  type GantryLabelRow,
  type LabelInfo,
} from "./gantry-labels.js";
import { visibleWorkspaceIds } from "./visible-workspaces.js";

const { gantryEpicAssignees, gantryEpicLabels, gantryEpics, gantryLabels, issueGantryLabels } = schema;
const { releaseRepositories, repositories, users } = schema;

/** A label's epics, by title. */
const epicsOfLabel: Link<typeof gantryEpics> = {
  target: gantryEpics,
  from: gantryEpicLabels.gantryLabelId,
  to: gantryEpicLabels.gantryEpicId,
  orderBy: [asc(gantryEpics.title)],
};

const byName = asc(sql`lower(${gantryLabels.name})`);

/** An epic's assignees, by name. */
const assigneesOfEpic: Link<typeof users> = {
  target: users,
  from: gantryEpicAssignees.gantryEpicId,
  to: gantryEpicAssignees.userId,
  orderBy: [asc(users.name), asc(users.email)],
};

/** An epic's labels, by name. */
const labelsOfEpic: Link<typeof gantryLabels> = {
  target: gantryLabels,
  from: gantryEpicLabels.gantryEpicId,
  to: gantryEpicLabels.gantryLabelId,
  orderBy: [byName],
};

/** The repositories a release is for, by owner and name. */
const repositoriesOfRelease: Link<typeof repositories> = {
  target: repositories,
  from: releaseRepositories.releaseId,
  to: releaseRepositories.repositoryId,
  orderBy: [asc(repositories.ownerLogin), asc(repositories.name)],
};

/** The reference's ZenhubLabel: a workspace's own label for epics and issues, not a copy of GitHub's (decision 0071). */
export const GantryLabel = builder.node(builder.objectRef<GantryLabelRow>("GantryLabel"), {
  description: "A workspace's own label (ZenHub's ZenHub labels), on Gantry epics and on issues of its board.",
  id: { resolve: (label) => label.id },
  loadOne: async (id, context) =>
    readableInWorkspace(context, (await context.db.select().from(gantryLabels).where(eq(gantryLabels.id, id)))[0]),
  fields: (t) => ({
    name: t.exposeString("name"),
    color: t.exposeString("color", { nullable: true }),
    description: t.exposeString("description", { nullable: true }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (label) => label.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (label) => label.updatedAt }),
    gantryEpics: t.connection(
      {
        type: GantryEpic,
        description: "The epics carrying the label, by title.",
        resolve: async (label, args, context) =>
          arrayConnection(args, await linkedRows(context.db, epicsOfLabel, label.id)),
      },
      { name: "GantryEpicConnection" },
      { name: "GantryEpicEdge" },
    ),
  }),
});

builder.objectFields(GantryEpic, (t) => ({
  assignees: t.connection(
    {
      type: GantryUser,
      description: "The people responsible for the epic, by name.",
      resolve: async (epic, args, context) =>
        arrayConnection(args, await linkedRows(context.db, assigneesOfEpic, epic.id)),
    },
    { name: "GantryUserConnection" },
    { name: "GantryUserEdge" },
  ),
  labels: t.field({
    type: [GantryLabel],
    description: "The epic's labels, by name (the public API serves them as the reference's LabelConnection).",
    resolve: (epic, _args, context) => linkedRows(context.db, labelsOfEpic, epic.id),
  }),
}));

// Issue.gantryLabels and Workspace.gantryLabels share the reference's one ZenhubLabelConnection.
const labelConnection = builder.connectionObject(
  { type: GantryLabel, name: "GantryLabelConnection" },
  { name: "GantryLabelEdge" },
);

builder.objectField(Issue, "gantryLabels", (t) =>
  t.connection(
    {
      type: GantryLabel,
      description: "The issue's Gantry labels on the boards the viewer can open, by name.",
      resolve: async (issue, args, context) => {
        const visible = [...(await visibleWorkspaceIds(context))];
        if (visible.length === 0) return arrayConnection(args, []);
        const rows = await context.db
          .select({ label: gantryLabels })
          .from(issueGantryLabels)
          .innerJoin(gantryLabels, eq(gantryLabels.id, issueGantryLabels.gantryLabelId))
          .where(and(eq(issueGantryLabels.issueId, issue.id), inArray(gantryLabels.workspaceId, visible)))
          .orderBy(byName);
        return arrayConnection(
          args,
          rows.map((row) => row.label),
        );
      },
    },
    labelConnection,
  ),
);

builder.objectField(Workspace, "gantryLabels", (t) =>
  t.connection(
    {
      type: GantryLabel,
      description: "The workspace's Gantry labels, by name; `query` keeps those whose name contains it, in any case.",
      args: { query: t.arg.string({ required: false }) },
      resolve: async (workspace, args, context) =>
        arrayConnection(
          args,
          await context.db
            .select()
            .from(gantryLabels)
            .where(and(eq(gantryLabels.workspaceId, workspace.id), containing(gantryLabels.name, args.query)))
            .orderBy(byName),
        ),
    },
    labelConnection,
  ),
);

builder.objectField(Release, "repositories", (t) =>
  t.connection(
    {
      type: Repository,
      description: "The repositories the release is for, by name; empty when it is for the whole workspace.",
      resolve: async (release, args, context) =>
        arrayConnection(args, await linkedRows(context.db, repositoriesOfRelease, release.id)),
    },
    { name: "RepositoryConnection" },
    { name: "RepositoryEdge" },
  ),
);

type InputFields = PothosSchemaTypes.InputFieldBuilder<SchemaTypes, "InputObject">;

/**
 * The two ways the label mutations name labels, one of them required: Gantry label ids, or names
 * found `whereFound` (and made when adding).
 */
const labelArguments = (t: InputFields, whereFound: string) => ({
  gantryLabelIds: t.globalIDList({
    required: false,
    for: GantryLabel,
    description: "One of two label arguments is required",
  }),
  labelInfos: t.field({
    type: [LabelInfoInput],
    required: false,
    description: `One of two label arguments is required; labels are found by name ${whereFound}.`,
  }),
  clientMutationId: t.string({ required: false }),
});

/** Those arguments as the label services take them. */
const labelsOf = (input: { gantryLabelIds?: { id: string }[] | null; labelInfos?: LabelInfo[] | null }) => ({
  gantryLabelIds: input.gantryLabelIds?.map((id) => id.id) ?? null,
  labelInfos: input.labelInfos ?? null,
});

/** The payload of the mutations that answer the Gantry epics they changed. */
const gantryEpicsOutput = {
  outputFields: (t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, { gantryEpics: GantryEpicRow[] }>) => ({
    gantryEpics: t.field({ type: [GantryEpic], resolve: (payload) => payload.gantryEpics }),
  }),
};

for (const change of ["add", "remove"] as const) {
  signedInMutation(
    change === "add" ? "addAssigneesToGantryEpics" : "removeAssigneesFromGantryEpics",
    {
      inputFields: (t) => ({
        assigneeIds: t.globalIDList({ required: true, for: GantryUser, description: "Ids of GantryUsers" }),
        gantryEpicIds: t.globalIDList({ required: true, for: GantryEpic }),
        clientMutationId: t.string({ required: false }),
      }),
    },
    {
      run: (input, context, viewer) =>
        changeEpicAssignees(context, viewer.id, change, {
          gantryEpicIds: input.gantryEpicIds.map((id) => id.id),
          assigneeIds: input.assigneeIds.map((id) => id.id),
        }),
    },
    gantryEpicsOutput,
  );

  signedInMutation(
    change === "add" ? "addGantryLabelsToGantryEpics" : "removeGantryLabelsFromGantryEpics",
    {
      inputFields: (t) => ({
        gantryEpicIds: t.globalIDList({ required: true, for: GantryEpic }),
        ...labelArguments(t, "in the epic's workspace, and made when adding"),
      }),
    },
    {
      run: (input, context, viewer) =>
        changeEpicLabels(context, viewer.id, change, {
          gantryEpicIds: input.gantryEpicIds.map((id) => id.id),
          ...labelsOf(input),
        }),
    },
    gantryEpicsOutput,
  );

  signedInMutation(
    change === "add" ? "addGantryLabelsToIssues" : "removeGantryLabelsFromIssues",
    {
      inputFields: (t) => ({
        issueIds: t.globalIDList({ required: true, for: Issue }),
        ...labelArguments(t, "in each workspace showing the issue that the viewer edits, and made there when adding"),
      }),
    },
    {
      run: (input, context, viewer) =>
        changeIssueLabels(context, viewer.id, change, {
          issueIds: input.issueIds.map((id) => id.id),
          ...labelsOf(input),
        }),
    },
    { outputFields: (t) => ({ issues: t.field({ type: [Issue], resolve: (payload) => payload.issues }) }) },
  );
}
