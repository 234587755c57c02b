import { schema } from "@gantry/db";
import { SPRINT_DAYS_OF_THE_WEEK, sprintEndDay, sprintStartDay } from "@gantry/domain";
import { dataloaderGetter } from "@pothos/plugin-dataloader";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { asc, eq } from "drizzle-orm";
import { currentSprintId } from "../board/filtering.js";
import { OrderDirection } from "../board/order-input.js";
import { idsOf, SprintIdInput } from "../board/search-input.js";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { type MaybePromise, whenReady } from "../graphql/maybe-promise.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { Sprint, SprintState } from "../issues/field-types.js";
import { visibleWorkspaceIds } from "../issues/visible-workspaces.js";
import { Pipeline, Workspace, workspaceForViewer } from "../workspaces/schema.js";
import { requestSprintAutomation } from "./automation.js";
import {
  previousSprint,
  primedSprintConfig,
  recentlyCompletedSprints,
  type SprintConfigRow,
  type SprintStats,
  searchSprints,
  sprintById,
  sprintConfigOf,
  sprintFillPlan,
  sprintStats,
  upcomingSprint,
  workspaceVelocity,
} from "./queries.js";
import {
  createSprintConfig,
  deleteSprintConfigAndOpenSprints,
  type SprintConfigInput,
  updateSprint,
  updateSprintConfig,
} from "./service.js";

/*
 * SPEC §7's `getSprintConfig` and `searchSprints` are the web app's operation names; like the reference
 * schema, both read `workspace(id)`: its `sprintConfig`, `activeSprint` and `sprints(first, after, query,
 * filters, orderBy)` (decision 0019).
 */

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

const deps = (context: GraphQLContext) => ({ db: context.db, events: context.events, now: context.now });

const SprintConfigDayOfTheWeek = builder.enumType("SprintConfigDayOfTheWeek", { values: SPRINT_DAYS_OF_THE_WEEK });
const SprintOrderField = builder.enumType("SprintOrderField", { values: ["END_AT", "START_AT"] as const });

const SprintConfigSettingsIssuesFromPipeline = builder
  .objectRef<SprintConfigRow>("SprintConfigSettingsIssuesFromPipeline")
  .implement({
    fields: (t) => ({
      enabled: t.exposeBoolean("issuesFromPipelineEnabled"),
      pipelineId: t.id({
        nullable: true,
        resolve: (config) =>
          config.issuesFromPipelineId ? encodeGlobalID("Pipeline", config.issuesFromPipelineId) : null,
      }),
      totalStoryPoints: t.exposeFloat("totalStoryPoints", { nullable: true }),
    }),
  });

const SprintConfigSettings = builder.objectRef<SprintConfigRow>("SprintConfigSettings").implement({
  fields: (t) => ({
    moveUnfinishedIssues: t.exposeBoolean("moveUnfinishedIssues"),
    issuesFromPipeline: t.field({ type: SprintConfigSettingsIssuesFromPipeline, resolve: (config) => config }),
  }),
});

/** SPEC §3 SprintConfig; start and end weekdays follow from the first sprint's start (decision 0019). */
export const SprintConfig = builder.objectRef<SprintConfigRow>("SprintConfig").implement({
  fields: (t) => ({
    id: t.id({ resolve: (config) => encodeGlobalID("SprintConfig", config.id) }),
    name: t.exposeString("name"),
    startDay: t.field({ type: SprintConfigDayOfTheWeek, resolve: (config) => sprintStartDay(config) }),
    endDay: t.field({ type: SprintConfigDayOfTheWeek, resolve: (config) => sprintEndDay(config) }),
    tzIdentifier: t.exposeString("tzIdentifier"),
    period: t.exposeInt("period", { description: "Weeks per sprint." }),
    startOn: t.string({ description: "The first sprint's start day, YYYY-MM-DD.", resolve: (c) => c.startOn }),
    startOnTime: t.string({
      description:
        "The start time of day in tzIdentifier, HH:mm:ss (a date-time given as the start time reads as its time in the zone).",
      resolve: (config) => config.startTime,
    }),
    settings: t.field({ type: SprintConfigSettings, resolve: (config) => config }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (config) => config.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (config) => config.updatedAt }),
  }),
});

const statsOf = dataloaderGetter<string, SprintStats, string>(
  undefined,
  (ids, context) => sprintStats((context as GraphQLContext).db, [...ids]),
  undefined,
  false,
);

type IssueRow = typeof schema.issues.$inferSelect;
interface RolloverAnswer {
  nextSprint: typeof schema.sprints.$inferSelect;
  issues: { issue: IssueRow; outcome: schema.RolloverOutcome }[];
}

const outcomeIssues = (outcome: schema.RolloverOutcome) => (rollover: RolloverAnswer) =>
  rollover.issues.filter((row) => row.outcome === outcome).map((row) => row.issue);

const SprintRollover = builder.objectRef<RolloverAnswer>("SprintRollover").implement({
  description: "What the sprint's close handed to the sprint after it (decision 0060).",
  fields: (t) => ({
    nextSprint: t.field({ type: Sprint, resolve: (rollover) => rollover.nextSprint }),
    carriedIssues: t.field({
      type: [Issue],
      description: "Unfinished issues carried over to the next sprint.",
      resolve: outcomeIssues("carried"),
    }),
    filledIssues: t.field({
      type: [Issue],
      description: "Issues the next sprint was filled with from the sprints' pipeline.",
      resolve: outcomeIssues("filled"),
    }),
    unfittedIssues: t.field({
      type: [Issue],
      description:
        "Issues whose badge read Next for the next sprint but that did not fit once the carried issues took their room.",
      resolve: outcomeIssues("unfitted"),
    }),
  }),
});

builder.objectFields(Sprint, (t) => ({
  rollover: t.field({
    type: SprintRollover,
    nullable: true,
    description: "What this sprint's close carried over, filled and could not fit; null before it closes.",
    resolve: async (sprint, _args, context) => {
      const rows = await context.db
        .select({
          issue: schema.issues,
          outcome: schema.sprintRolloverIssues.outcome,
          nextSprint: schema.sprints,
        })
        .from(schema.sprintRolloverIssues)
        .innerJoin(schema.issues, eq(schema.issues.id, schema.sprintRolloverIssues.issueId))
        .innerJoin(schema.sprints, eq(schema.sprints.id, schema.sprintRolloverIssues.nextSprintId))
        .where(eq(schema.sprintRolloverIssues.closedSprintId, sprint.id))
        .orderBy(asc(schema.issues.number));
      const [first] = rows;
      return first ? { nextSprint: first.nextSprint, issues: rows } : null;
    },
  }),
  totalPoints: t.float({
    description: "Story points of the sprint's issues.",
    resolve: async (sprint, _args, context) => (await statsOf(context).load(sprint.id)).totalPoints,
  }),
  completedPoints: t.float({
    description: "Story points of its issues closed (for a closed sprint, before it closed).",
    resolve: async (sprint, _args, context) => (await statsOf(context).load(sprint.id)).completedPoints,
  }),
  closedIssuesCount: t.int({
    resolve: async (sprint, _args, context) => (await statsOf(context).load(sprint.id)).closedIssuesCount,
  }),
  issueCount: t.int({ resolve: async (sprint, _args, context) => (await statsOf(context).load(sprint.id)).issueCount }),
  closedAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: (sprint) => sprint.closedAt }),
  createdAt: t.field({ type: "ISO8601DateTime", resolve: (sprint) => sprint.createdAt }),
  updatedAt: t.field({ type: "ISO8601DateTime", resolve: (sprint) => sprint.updatedAt }),
  workspace: t.field({
    type: Workspace,
    resolve: (sprint, _args, context) => workspaceForViewer(context, sprint.workspaceId),
  }),
  issues: t.connection({
    type: Issue,
    description: "The sprint's issues, in the order they were added.",
    resolve: async (sprint, args, context) => {
      const rows = await context.db
        .select({ issue: schema.issues })
        .from(schema.sprintIssues)
        .innerJoin(schema.issues, eq(schema.issues.id, schema.sprintIssues.issueId))
        .where(eq(schema.sprintIssues.sprintId, sprint.id))
        .orderBy(asc(schema.sprintIssues.addedAt), asc(schema.issues.id));
      return arrayConnection(
        args,
        rows.map((row) => row.issue),
      );
    },
  }),
}));

const SprintStateInput = builder.inputType("SprintStateInput", {
  fields: (t) => ({ eq: t.field({ type: SprintState, required: true }) }),
});

const SprintFiltersInput = builder.inputType("SprintFiltersInput", {
  fields: (t) => ({
    state: t.field({ type: SprintStateInput, required: false }),
    id: t.field({ type: SprintIdInput, required: false }),
  }),
});

const SprintOrderInput = builder.inputType("SprintOrderInput", {
  fields: (t) => ({
    direction: t.field({ type: OrderDirection, required: false }),
    field: t.field({ type: SprintOrderField, required: false }),
  }),
});

type FillPlan = Awaited<ReturnType<typeof sprintFillPlan>>;
type FillPlans = Map<string, MaybePromise<FillPlan>>;
const fillPlanRuns = new WeakMap<GraphQLContext, WeakMap<object, FillPlans>>();

/**
 * The workspace's fill plan, worked out once per operation run. A subscription keeps one context for all the
 * events it delivers, so each event (the run's root value) gets its own plan rather than the first one's.
 */
function fillPlanFor(context: GraphQLContext, rootValue: unknown, workspaceId: string): MaybePromise<FillPlan> {
  const runs = fillPlanRuns.get(context) ?? new WeakMap<object, FillPlans>();
  fillPlanRuns.set(context, runs);
  const run = typeof rootValue === "object" && rootValue !== null ? rootValue : context;
  const plans: FillPlans = runs.get(run) ?? new Map();
  runs.set(run, plans);
  const known = plans.get(workspaceId);
  if (known) return known;
  // Once worked out, the plan is handed out as it is: every card of a board page asks (B1).
  const plan = sprintFillPlan(context.db, workspaceId, context.now(), primedSprintConfig(context, workspaceId)).then(
    (worked) => {
      plans.set(workspaceId, worked);
      return worked;
    },
  );
  plans.set(workspaceId, plan);
  return plan;
}

builder.objectFields(Workspace, (t) => ({
  sprintConfig: t.field({
    type: SprintConfig,
    nullable: true,
    resolve: (workspace, _args, context) => sprintConfigOf(context.db, workspace.id),
  }),
  sprints: t.connection({
    type: Sprint,
    description:
      "Without orderBy: open sprints first, soonest first, then closed ones by endAt, most recent first (SPEC §4).",
    args: {
      query: t.arg.string({ required: false }),
      filters: t.arg({ type: SprintFiltersInput, required: false }),
      orderBy: t.arg({ type: SprintOrderInput, required: false }),
    },
    resolve: async (workspace, args, context) => {
      const ids = args.filters?.id;
      const rows = await searchSprints(
        context.db,
        workspace.id,
        {
          query: args.query,
          state: args.filters?.state?.eq ?? null,
          idIn: idsOf("filters.id.in", "Sprint", ids?.in) ?? null,
          idNotIn: idsOf("filters.id.nin", "Sprint", ids?.nin) ?? null,
          currentOnly: ids?.specialFilters === "current_sprint",
          orderBy: args.orderBy
            ? { field: args.orderBy.field ?? "END_AT", direction: args.orderBy.direction ?? "DESC" }
            : null,
        },
        context.now(),
      );
      return arrayConnection(args, rows);
    },
  }),
  activeSprint: t.field({
    type: Sprint,
    nullable: true,
    description: "SPEC §4 current sprint: the open sprint running now.",
    resolve: async (workspace, _args, context) =>
      sprintById(context.db, await currentSprintId(context.db, workspace.id, context.now())),
  }),
  upcomingSprint: t.field({
    type: Sprint,
    nullable: true,
    description: "The soonest open sprint that has not started.",
    resolve: (workspace, _args, context) => upcomingSprint(context.db, workspace.id, context.now()),
  }),
  previousSprint: t.field({
    type: Sprint,
    nullable: true,
    description: "The sprint that ended last.",
    resolve: (workspace, _args, context) => previousSprint(context.db, workspace.id, context.now()),
  }),
  recentlyCompletedSprint: t.field({
    type: Sprint,
    nullable: true,
    description: "SPEC §3: the last sprint with state CLOSED.",
    resolve: async (workspace, _args, context) =>
      (await recentlyCompletedSprints(context.db, workspace.id, 1))[0] ?? null,
  }),
  averageSprintVelocity: t.float({
    nullable: true,
    description: "Average points completed in the last 3 closed sprints; null before any has closed.",
    resolve: (workspace, _args, context) => workspaceVelocity(context.db, workspace.id),
  }),
  assumeEstimates: t.boolean({ resolve: (workspace) => workspace.assumeEstimates }),
  assumedEstimateValue: t.int({
    nullable: true,
    description: "When null, the workspace's median estimate (else 2) is assumed.",
    resolve: (workspace) => workspace.assumedEstimateValue,
  }),
}));

builder.objectField(Issue, "predictedSprint", (t) =>
  t.field({
    type: Sprint,
    nullable: true,
    description:
      "The upcoming sprint the issue lands in when sprints are filled from the workspace's sprint pipeline in board order; null when it is in an open sprint or beyond the sprints made so far.",
    args: { workspaceId: t.arg.globalID({ required: true, for: Workspace }) },
    resolve: (issue, args, context, info) =>
      whenReady(visibleWorkspaceIds(context), (visible) =>
        visible.has(args.workspaceId.id)
          ? whenReady(fillPlanFor(context, info.rootValue, args.workspaceId.id), (plan) => {
              const sprintId = plan.placements.get(issue.id);
              return plan.sprints.find((sprint) => sprint.id === sprintId) ?? null;
            })
          : null,
      ),
  }),
);

const SprintConfigIssuesFromPipelineInput = builder.inputType("SprintConfigIssuesFromPipelineInput", {
  fields: (t) => ({
    pipelineId: t.globalID({ required: false, for: Pipeline }),
    totalStoryPoints: t.float({ required: false }),
    enabled: t.boolean({ required: true }),
  }),
});

const SprintConfigSettingsInput = builder.inputType("SprintConfigSettingsInput", {
  fields: (t) => ({
    moveUnfinishedIssues: t.boolean({ required: true }),
    issuesFromPipeline: t.field({ type: SprintConfigIssuesFromPipelineInput, required: true }),
  }),
});

export const SprintConfigKind = builder.enumType("SprintConfigKind", {
  values: {
    weekly: { description: "Sprints of a whole number of weeks: the only kind Gantry has." },
    monthly: { description: "Calendar months, as ZenHub has them; refused when given." },
  } as const,
});

/**
 * The start time as both APIs take it: Gantry's schema types it as text, the public API as the reference's
 * ISO8601DateTime, an instant converted into the zone (decision 0102).
 */
export const START_TIME_INPUT =
  "The start time in the zone: HH:mm or HH:mm:ss; where typed ISO8601DateTime, a date-time converted into the zone (its local time of day, and its local day when startOn is left out).";

/** Create and update take the same fields; an update may leave out the zone too, keeping the stored one. */
function sprintConfigInputType(name: string, zoneRequired: boolean, description: string) {
  return builder.inputType(name, {
    description,
    fields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      name: t.string({ required: true }),
      tzIdentifier: t.string({ required: zoneRequired }),
      startOn: t.string({ required: false, description: "The first sprint's start day, YYYY-MM-DD." }),
      endOn: t.string({ required: false, description: "The first sprint's last day, YYYY-MM-DD: sets the period." }),
      startOnTime: t.string({ required: false, description: START_TIME_INPUT }),
      endOnTime: t.field({
        type: "ISO8601DateTime",
        required: false,
        description:
          "Gantry's sprints end when the next starts: when given, its time of day in the zone must be the start time.",
      }),
      kind: t.field({
        type: SprintConfigKind,
        required: false,
        description: "`weekly` (or left out); `monthly` is refused: Gantry's sprints last whole weeks.",
      }),
      period: t.int({ required: false, description: "Weeks per sprint, 1 to 8." }),
      settings: t.field({ type: SprintConfigSettingsInput, required: true }),
    }),
  });
}

const SprintConfigCreateInput = sprintConfigInputType(
  "SprintConfigCreateInput",
  true,
  "Left out: startOn is startOnTime's day in the zone when that is a date-time, else today in the zone; startOnTime midnight; the period 2 weeks (or endOn's).",
);
const SprintConfigUpdateInput = sprintConfigInputType(
  "SprintConfigUpdateInput",
  false,
  "Fields left out keep their value, except name and settings, which are always given; a date-time startOnTime without startOn also moves startOn to its day in the zone.",
);

type ConfigArgs = {
  workspaceId: { id: string };
  name: string;
  tzIdentifier?: string | null;
  startOn?: string | null;
  endOn?: string | null;
  /** Text from Gantry's schema; an instant from the public API's ISO8601DateTime (reference-types.ts). */
  startOnTime?: string | Date | null;
  endOnTime?: Date | null;
  kind?: "weekly" | "monthly" | null;
  period?: number | null;
  settings: {
    moveUnfinishedIssues: boolean;
    issuesFromPipeline: { enabled: boolean; pipelineId?: { id: string } | null; totalStoryPoints?: number | null };
  };
};

function configInput(input: ConfigArgs): SprintConfigInput {
  const automation = input.settings.issuesFromPipeline;
  return {
    workspaceId: input.workspaceId.id,
    name: input.name,
    tzIdentifier: input.tzIdentifier ?? null,
    startOn: input.startOn ?? null,
    endOn: input.endOn ?? null,
    startOnTime: input.startOnTime ?? null,
    endOnTime: input.endOnTime ?? null,
    kind: input.kind ?? null,
    period: input.period ?? null,
    settings: {
      moveUnfinishedIssues: input.settings.moveUnfinishedIssues,
      issuesFromPipeline: {
        enabled: automation.enabled,
        pipelineId: automation.pipelineId?.id ?? null,
        totalStoryPoints: automation.totalStoryPoints ?? null,
      },
    },
  };
}

/** After a config change, sprint automation runs for the workspace at once rather than within the minute. */
async function thenAutomate(context: GraphQLContext, change: Promise<SprintConfigRow>): Promise<SprintConfigRow> {
  const config = await change;
  await requestSprintAutomation(context.jobs, config.workspaceId);
  return config;
}

const sprintConfigOutput = {
  outputFields: (t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, SprintConfigRow>) => ({
    sprintConfig: t.field({ type: SprintConfig, resolve: (config: SprintConfigRow) => config }),
  }),
};

signedInMutation(
  "createSprintConfig",
  { inputFields: (t) => ({ sprintConfig: t.field({ type: SprintConfigCreateInput, required: true }) }) },
  {
    description: "Creates a SprintConfig for a workspace and its first sprints (workspace admins).",
    run: (input, context, viewer) =>
      thenAutomate(context, createSprintConfig(deps(context), viewer.id, configInput(input.sprintConfig))),
  },
  sprintConfigOutput,
);

signedInMutation(
  "updateSprintConfig",
  { inputFields: (t) => ({ sprintConfig: t.field({ type: SprintConfigUpdateInput, required: true }) }) },
  {
    description:
      "Updates a workspace's SprintConfig (workspace admins); a new schedule takes over from the running sprint.",
    run: (input, context, viewer) =>
      thenAutomate(context, updateSprintConfig(deps(context), viewer.id, configInput(input.sprintConfig))),
  },
  sprintConfigOutput,
);

signedInMutation(
  "deleteSprintConfigAndOpenSprints",
  { inputFields: (t) => ({ workspaceId: t.globalID({ required: true, for: Workspace }) }) },
  {
    description: "Deletes a workspace's SprintConfig and its open sprints; closed sprints stay (workspace admins).",
    run: async (input, context, viewer) => {
      await deleteSprintConfigAndOpenSprints(deps(context), viewer.id, input.workspaceId.id);
      return { workspaceId: input.workspaceId.id };
    },
  },
  {
    outputFields: (t) => ({
      workspace: t.field({
        type: Workspace,
        resolve: (payload, _args, context) => workspaceForViewer(context, payload.workspaceId),
      }),
    }),
  },
);

signedInMutation(
  "updateSprint",
  {
    inputFields: (t) => ({
      sprintId: t.globalID({ required: true, for: Sprint }),
      name: t.string({ required: false }),
      description: t.string({ required: false, description: "The sprint's goal." }),
    }),
  },
  {
    description: "Renames a sprint or sets its description (workspace editors).",
    run: (input, context, viewer) =>
      updateSprint(deps(context), viewer.id, {
        sprintId: input.sprintId.id,
        name: input.name ?? null,
        description: input.description ?? null,
      }),
  },
  { outputFields: (t) => ({ sprint: t.field({ type: Sprint, resolve: (sprint) => sprint }) }) },
);
