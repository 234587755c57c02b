import { schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
import { readableInWorkspace } from "../organizations/readable-node.js";
import { type IssueTypeValue, issueTypeId, issueTypeRecord } from "./issue-type-records.js";

/**
 * The GraphQL types of an issue's fields, named and shaped as the reference schema's, with the
 * fields Gantry has data for. Other features (sprints, releases, epics) extend them with
 * builder.objectField rather than defining their own.
 */

/** An issue's estimate: its value, and the issue it estimates. */
interface EstimateValue {
  value: number;
  issueId: string;
}

export const Estimate = builder.objectRef<EstimateValue>("Estimate").implement({
  description: "Story points; one value wherever the issue shows.",
  fields: (t) => ({ value: t.exposeFloat("value") }),
});

/** The reference's IssueTypeDisposition: where a type shows in ZenHub. GitHub's issue types show on the board. */
const IssueTypeDisposition = builder.enumType("IssueTypeDisposition", {
  values: {
    BOARD: { description: "Shown on the board: every GitHub issue type." },
    PLANNING_PANEL: { description: "ZenHub's planning panel types; Gantry has none." },
  } as const,
});

/** Before Gantry recorded the type (one since removed on GitHub), its times read as the Unix epoch. */
const UNRECORDED = new Date(0);

export const BaseIssueType = builder.interfaceRef<IssueTypeValue>("BaseIssueType").implement({
  description: "An issue type: one of a GitHub organisation's, as Gantry recorded it (decision 0086).",
  fields: (t) => ({
    name: t.exposeString("name"),
    id: t.id({
      description: "The recorded type's id, taken by createIssue's and changeIssueTypeOfIssues' issueTypeId.",
      resolve: async (value, _args, context) => issueTypeId(value, await issueTypeRecord(context, value)),
    }),
    color: t.string({
      nullable: true,
      description: "GitHub's colour name (gray, blue, red, …).",
      resolve: async (value, _args, context) => (await issueTypeRecord(context, value))?.color ?? null,
    }),
    description: t.string({
      nullable: true,
      resolve: async (value, _args, context) => (await issueTypeRecord(context, value))?.description ?? null,
    }),
    createdAt: t.field({
      type: "ISO8601DateTime",
      description:
        "GitHub's issue types have no timestamps: when Gantry first recorded the type (the Unix epoch when it has no record).",
      resolve: async (value, _args, context) => (await issueTypeRecord(context, value))?.createdAt ?? UNRECORDED,
    }),
    updatedAt: t.field({
      type: "ISO8601DateTime",
      description: "When Gantry last recorded a change to the type (the Unix epoch when it has no record).",
      resolve: async (value, _args, context) => (await issueTypeRecord(context, value))?.updatedAt ?? UNRECORDED,
    }),
    disposition: t.field({
      type: IssueTypeDisposition,
      description: "BOARD: GitHub's issue types show on the board.",
      resolve: () => "BOARD" as const,
    }),
    isDefault: t.boolean({ description: "GitHub has no default issue type: false.", resolve: () => false }),
    isDefaultForLevel: t.boolean({ description: "Gantry's issue types have no levels: false.", resolve: () => false }),
    isEnabled: t.boolean({
      description: "Whether the organisation has the type enabled on GitHub (a type without a record: false).",
      resolve: async (value, _args, context) => (await issueTypeRecord(context, value))?.isEnabled ?? false,
    }),
    isPrivate: t.boolean({ description: "Removed from GitHub's API: false.", resolve: () => false }),
    level: t.int({
      nullable: true,
      description: "ZenHub's hierarchy levels; Gantry's issue types have none (null).",
      resolve: () => null,
    }),
  }),
});

export const GithubIssueType = builder.objectRef<IssueTypeValue>("GithubIssueType").implement({
  interfaces: [BaseIssueType],
  // An IssueTypeOption (issue-type-options.ts) is an issue type too, offered rather than carried.
  isTypeOf: (value) => !(value as IssueTypeValue).native && !("option" in (value as object)),
  fields: () => ({}),
});

export const GantryIssueType = builder.objectRef<IssueTypeValue>("GantryIssueType").implement({
  interfaces: [BaseIssueType],
  isTypeOf: (value) => (value as IssueTypeValue).native,
  fields: () => ({}),
});

/** GitHub's issue type on a GitHub issue, Gantry's on a native one. */
export const IssueIssueType = builder.unionType("IssueIssueType", {
  types: [GithubIssueType, GantryIssueType],
  resolveType: (value) => (value.native ? GantryIssueType : GithubIssueType),
});

/**
 * A milestone where an issue or a listing names it: its number within its repository. Implemented as a node
 * with the reference's fields in milestones/milestone-schema.ts (decision 0085).
 */
export const Milestone = builder.objectRef<{ repositoryId: string; number: number; title: string }>("Milestone");

const OpenClosedValues = ["OPEN", "CLOSED"] as const;
export const SprintState = builder.enumType("SprintState", { values: OpenClosedValues });
export const ReleaseState = builder.enumType("ReleaseState", { values: OpenClosedValues });
/** The reference's epic states: TODO and IN_PROGRESS are open epics further along; only CLOSED is closed. */
export const GantryEpicState = builder.enumType("GantryEpicState", {
  values: {
    OPEN: { description: "Open, not yet planned further." },
    TODO: { description: "Open and planned: work has not started." },
    IN_PROGRESS: { description: "Open and being worked on." },
    CLOSED: { description: "Done or dropped." },
  } as const,
});

/** SPEC §3 Priority nodes: `id`, `name`, `color`. */
export const Priority = builder.objectRef<typeof schema.priorities.$inferSelect>("Priority").implement({
  fields: (t) => ({
    id: t.id({ resolve: (priority) => encodeGlobalID("Priority", priority.id) }),
    name: t.exposeString("name"),
    color: t.exposeString("color"),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (priority) => priority.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (priority) => priority.updatedAt }),
  }),
});

/** SPEC §3 Sprint: `id`, `name`, `startAt`, `endAt`, `state`, `description`. */
export const Sprint = builder.node(builder.objectRef<typeof schema.sprints.$inferSelect>("Sprint"), {
  id: { resolve: (sprint) => sprint.id },
  loadOne: async (id, context) =>
    readableInWorkspace(context, (await context.db.select().from(schema.sprints).where(eq(schema.sprints.id, id)))[0]),
  fields: (t) => ({
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    startAt: t.field({ type: "ISO8601DateTime", resolve: (sprint) => sprint.startAt }),
    endAt: t.field({ type: "ISO8601DateTime", resolve: (sprint) => sprint.endAt }),
    state: t.field({ type: SprintState, resolve: (sprint) => sprint.state }),
  }),
});

export const Release = builder.node(builder.objectRef<typeof schema.releases.$inferSelect>("Release"), {
  id: { resolve: (release) => release.id },
  loadOne: async (id, context) =>
    readableInWorkspace(
      context,
      (await context.db.select().from(schema.releases).where(eq(schema.releases.id, id)))[0],
    ),
  fields: (t) => ({
    title: t.exposeString("title"),
    description: t.exposeString("description", { nullable: true }),
    state: t.field({ type: ReleaseState, resolve: (release) => release.state }),
  }),
});

/** A native Gantry epic (the reference's ZenhubEpic). */
export const GantryEpic = builder.node(builder.objectRef<typeof schema.gantryEpics.$inferSelect>("GantryEpic"), {
  id: { resolve: (epic) => epic.id },
  loadOne: async (id, context) =>
    readableInWorkspace(
      context,
      (await context.db.select().from(schema.gantryEpics).where(eq(schema.gantryEpics.id, id)))[0],
    ),
  fields: (t) => ({
    title: t.exposeString("title"),
    state: t.field({ type: GantryEpicState, resolve: (epic) => epic.state }),
  }),
});

export interface Progress {
  open: number;
  closed: number;
}

export const IssueCountProgress = builder.objectRef<Progress>("IssueCountProgress").implement({
  fields: (t) => ({
    open: t.exposeInt("open"),
    closed: t.exposeInt("closed"),
    total: t.int({ resolve: (progress) => progress.open + progress.closed }),
  }),
});

export const IssueEstimateProgress = builder.objectRef<Progress>("IssueEstimateProgress").implement({
  fields: (t) => ({
    open: t.exposeFloat("open"),
    closed: t.exposeFloat("closed"),
    total: t.float({ resolve: (progress) => progress.open + progress.closed }),
  }),
});
