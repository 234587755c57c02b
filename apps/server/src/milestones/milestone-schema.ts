import { schema } from "@gantry/db";
import { eq } from "drizzle-orm";
import { bulkOutput } from "../board/issue-mutations.js";
import { issueWriteDeps } from "../board/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { Milestone } from "../issues/field-types.js";
import {
  type MilestoneRecord,
  type MilestoneSource,
  milestoneIssueCounts,
  milestoneRecord,
  milestoneRecordById,
} from "./milestone-records.js";
import {
  addMilestoneToIssues,
  canReadRepositoryMilestones,
  deleteMilestone,
  setMilestoneStartDate,
  updateMilestone,
} from "./milestone-writes.js";

export const MilestoneState = builder.enumType("MilestoneState", { values: ["OPEN", "CLOSED"] as const });

/** The reference's milestone connection, shared by Repository.milestones and Workspace.milestoneFilterOptions. */
export const MilestoneConnection = builder.connectionObject(
  { type: Milestone, name: "MilestoneConnection" },
  { name: "MilestoneEdge" },
);

type Source = MilestoneSource | MilestoneRecord;

/** The milestone's record, read once per request however many of its fields are asked for. */
const recordsByContext = new WeakMap<GraphQLContext, Map<string, Promise<MilestoneRecord | null>>>();
export async function recordOf(source: Source, context: GraphQLContext): Promise<MilestoneRecord> {
  if ("id" in source) return source;
  let records = recordsByContext.get(context);
  if (!records) {
    records = new Map();
    recordsByContext.set(context, records);
  }
  const key = `${source.repositoryId}:${source.number}`;
  let record = records.get(key);
  if (!record) {
    record = milestoneRecord(context.db, source);
    records.set(key, record);
  }
  const found = await record;
  if (!found) throw new GantryError("NOT_FOUND", "This milestone does not exist.");
  return found;
}

const fromRecord =
  <T>(read: (record: MilestoneRecord) => T) =>
  async (source: Source, _args: unknown, context: GraphQLContext) =>
    read(await recordOf(source, context));

builder.node(Milestone, {
  description:
    "A milestone of a repository (decision 0085): GitHub's (as Gantry last read it) or a Gantry repository's own.",
  id: { resolve: async (source, _args, context) => (await recordOf(source, context)).id },
  loadOne: async (id, context) => {
    if (!context.viewer) return null;
    const record = await milestoneRecordById(context.db, id);
    return record && (await canReadRepositoryMilestones(context.db, context.viewer.id, record.repositoryId))
      ? record
      : null;
  },
  fields: (t) => ({
    number: t.exposeInt("number"),
    title: t.exposeString("title"),
    description: t.string({ nullable: true, resolve: fromRecord((record) => record.description) }),
    state: t.field({
      type: MilestoneState,
      resolve: fromRecord((record) => (record.state === "closed" ? "CLOSED" : "OPEN")),
    }),
    dueOn: t.field({
      type: "ISO8601DateTime",
      nullable: true,
      description: "When it is due (GitHub keeps a day: its start, UTC).",
      resolve: fromRecord((record) => record.dueOn),
    }),
    startDate: t.field({
      type: "ISO8601DateTime",
      nullable: true,
      description: "Gantry's own start date of the milestone (GitHub has none); set with setMilestoneStartDate.",
      resolve: fromRecord((record) => record.startDate),
    }),
    closedAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: fromRecord((record) => record.closedAt) }),
    openIssuesCount: t.int({
      description: "The repository's open issues and pull requests carrying it, as Gantry knows them.",
      resolve: async (source, _args, context) =>
        (await milestoneIssueCounts(context.db, source.repositoryId, source.number)).open,
    }),
    closedIssuesCount: t.int({
      description: "The repository's closed issues and pull requests carrying it, as Gantry knows them.",
      resolve: async (source, _args, context) =>
        (await milestoneIssueCounts(context.db, source.repositoryId, source.number)).closed,
    }),
    repository: t.field({
      type: Repository,
      resolve: async (source, _args, context) => {
        const [repository] = await context.db
          .select()
          .from(schema.repositories)
          .where(eq(schema.repositories.id, source.repositoryId));
        if (!repository) throw new GantryError("NOT_FOUND", "This repository does not exist.");
        return repository;
      },
    }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: fromRecord((record) => record.createdAt) }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: fromRecord((record) => record.updatedAt) }),
  }),
});

const stateOf = (state: "OPEN" | "CLOSED" | null | undefined) =>
  state == null ? state : state === "CLOSED" ? ("closed" as const) : ("open" as const);

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;
type MilestonePayloadFields = PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, { milestone: MilestoneRecord }>;

/** The reference's milestone payloads: the milestone as the mutation left it. */
const milestonePayload = {
  outputFields: (t: MilestonePayloadFields) => ({
    milestone: t.field({ type: Milestone, resolve: (payload) => payload.milestone }),
  }),
};

builder.relayMutationField(
  "updateMilestone",
  {
    inputFields: (t) => ({
      milestoneId: t.globalID({ required: false, for: Milestone, description: "The milestone to change." }),
      updateAllInWorkspaceId: t.id({
        required: false,
        description: "Not taken yet: Gantry changes one milestone at a time (decision 0085).",
      }),
      ignoreInaccessible: t.boolean({ required: false, description: "Taken with updateAllInWorkspaceId only." }),
      title: t.string({ required: false }),
      description: t.string({ required: false }),
      state: t.field({ type: MilestoneState, required: false }),
      dueOn: t.field({
        type: "ISO8601DateTime",
        required: false,
        description: "Null clears it; GitHub keeps the day.",
      }),
      startDate: t.field({ type: "ISO8601DateTime", required: false, description: "Gantry's own; null clears it." }),
    }),
  },
  {
    authScopes: { signedIn: true },
    nullable: true,
    description:
      "Changes a milestone: a GitHub repository's on GitHub (with your GitHub account), then Gantry's copy; a Gantry repository's in Gantry.",
    resolve: async (_root, { input }, context) => {
      if (input.updateAllInWorkspaceId != null || input.ignoreInaccessible != null)
        throw new GantryError(
          "BAD_USER_INPUT",
          "Gantry changes one milestone at a time: give milestoneId without updateAllInWorkspaceId.",
          { field: "updateAllInWorkspaceId" },
        );
      if (!input.milestoneId) throw new GantryError("BAD_USER_INPUT", "Give a milestone id.", { field: "milestoneId" });
      const milestone = await updateMilestone(
        issueWriteDeps(context),
        signedInViewer(context).id,
        input.milestoneId.id,
        {
          ...(input.title === undefined ? {} : { title: input.title }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.state === undefined ? {} : { state: stateOf(input.state) }),
          ...(input.dueOn === undefined ? {} : { dueOn: input.dueOn }),
          ...(input.startDate === undefined ? {} : { startDate: input.startDate }),
        },
      );
      return { milestone };
    },
  },
  milestonePayload,
);

builder.relayMutationField(
  "deleteMilestone",
  {
    inputFields: (t) => ({
      milestoneId: t.globalID({ required: true, for: Milestone }),
      updateAllInWorkspaceId: t.id({
        required: false,
        description: "Not taken yet: Gantry deletes one milestone at a time (decision 0085).",
      }),
      ignoreInaccessible: t.boolean({ required: false, description: "Taken with updateAllInWorkspaceId only." }),
    }),
  },
  {
    authScopes: { signedIn: true },
    nullable: true,
    description:
      "Deletes a milestone (on GitHub first for a GitHub repository's); its issues keep no milestone. Answers it as it was.",
    resolve: async (_root, { input }, context) => {
      if (input.updateAllInWorkspaceId != null || input.ignoreInaccessible != null)
        throw new GantryError(
          "BAD_USER_INPUT",
          "Gantry deletes one milestone at a time: give milestoneId without updateAllInWorkspaceId.",
          { field: "updateAllInWorkspaceId" },
        );
      return {
        milestone: await deleteMilestone(issueWriteDeps(context), signedInViewer(context).id, input.milestoneId.id),
      };
    },
  },
  milestonePayload,
);

builder.relayMutationField(
  "setMilestoneStartDate",
  {
    inputFields: (t) => ({
      milestoneId: t.globalID({ required: true, for: Milestone }),
      startDate: t.field({ type: "ISO8601DateTime", required: false, description: "Null clears it." }),
    }),
  },
  {
    authScopes: { signedIn: true },
    nullable: true,
    description: "Sets Gantry's own start date of a milestone (GitHub has none).",
    resolve: async (_root, { input }, context) => ({
      milestone: await setMilestoneStartDate(
        issueWriteDeps(context),
        signedInViewer(context).id,
        input.milestoneId.id,
        input.startDate ?? null,
      ),
    }),
  },
  milestonePayload,
);

builder.relayMutationField(
  "addMilestoneToIssues",
  {
    name: "AddMilestoneForIssuesInput",
    inputFields: (t) => ({
      issueIds: t.globalIDList({ required: true, for: Issue }),
      milestoneId: t.globalID({ required: true, for: Milestone }),
    }),
  },
  {
    authScopes: { signedIn: true },
    nullable: true,
    description:
      "Puts the milestone on the issues of its repository (setIssuesMilestone's write); issues of other repositories are answered in failedIssues.",
    resolve: (_root, { input }, context) =>
      addMilestoneToIssues(
        issueWriteDeps(context),
        signedInViewer(context).id,
        input.milestoneId.id,
        input.issueIds.map((id) => id.id),
      ),
  },
  { name: "AddMilestoneForIssuesPayload", ...bulkOutput },
);
