import type { BurndownPoint, CumulativeFlowDay, CycleTime, ProgressDay } from "@gantry/domain";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../graphql/builder.js";
import { GantryEpic, Release, Sprint } from "../issues/field-types.js";
import { Workspace } from "../workspaces/schema.js";
import {
  burndownReport,
  controlChartReport,
  cumulativeFlowReport,
  epicReport,
  MAX_VELOCITY_SPRINTS,
  releaseReport,
  velocityReport,
} from "./service.js";

/*
 * Reports read the workspace's issue timeline (decision 0024). They hang off `Workspace.reports`, so
 * whoever may open the workspace (viewers and up) may read them and nobody else can reach them.
 */

type WorkspaceRow = { id: string };
type Report<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

const BurndownPointType = builder.objectRef<BurndownPoint>("BurndownPoint").implement({
  fields: (t) => ({
    at: t.field({ type: "ISO8601DateTime", resolve: (point) => point.at }),
    day: t.field({
      type: "ISO8601Date",
      description:
        "The sprint's day (in its time zone) the reading closes. The first point is the sprint's start, the commitment, on its first day; then one reading per day, at its end, or now for the day under way.",
      resolve: (point) => point.day,
    }),
    remainingPoints: t.float({
      nullable: true,
      description: "Open story points in the sprint then; null for days still to come.",
      resolve: (point) => point.remaining,
    }),
    idealPoints: t.float({
      description: "The straight line from the points at the sprint's start to none at its end.",
      resolve: (point) => point.ideal,
    }),
  }),
});

const BurndownReport = builder.objectRef<Report<typeof burndownReport>>("BurndownReport").implement({
  fields: (t) => ({
    sprint: t.field({ type: Sprint, resolve: (report) => report.sprint }),
    points: t.field({ type: [BurndownPointType], resolve: (report) => report.points }),
  }),
});

type VelocityRow = Report<typeof velocityReport>["sprints"][number];

const VelocitySprint = builder.objectRef<VelocityRow>("VelocitySprint").implement({
  fields: (t) => ({
    sprint: t.field({ type: Sprint, resolve: (row) => row.sprint }),
    committedPoints: t.float({ description: "Points in the sprint when it closed.", resolve: (row) => row.committed }),
    completedPoints: t.float({ description: "Of those, the points closed by then.", resolve: (row) => row.completed }),
  }),
});

const VelocityReport = builder.objectRef<Report<typeof velocityReport>>("VelocityReport").implement({
  fields: (t) => ({
    sprints: t.field({ type: [VelocitySprint], description: "Oldest first.", resolve: (report) => report.sprints }),
    averageCompletedPoints: t.float({ nullable: true, resolve: (report) => report.averageCompletedPoints }),
  }),
});

const PipelineCount = builder
  .objectRef<{ pipelineName: string; count: number }>("CumulativeFlowPipelineCount")
  .implement({
    fields: (t) => ({ pipelineName: t.exposeString("pipelineName"), count: t.exposeInt("count") }),
  });

const CumulativeFlowDayType = builder
  .objectRef<CumulativeFlowDay & { columns: string[] }>("CumulativeFlowDay")
  .implement({
    fields: (t) => ({
      day: t.field({ type: "ISO8601Date", resolve: (day) => day.day }),
      counts: t.field({
        type: [PipelineCount],
        description: "Issues per pipeline at the end of the day, in the report's pipeline order.",
        resolve: (day) => day.columns.map((pipelineName) => ({ pipelineName, count: day.counts[pipelineName] ?? 0 })),
      }),
    }),
  });

const CumulativeFlowReport = builder.objectRef<Report<typeof cumulativeFlowReport>>("CumulativeFlowReport").implement({
  fields: (t) => ({
    pipelines: t.stringList({
      description: "The board's pipelines in order, then Closed, then pipelines since renamed or deleted.",
      resolve: (report) => report.pipelines,
    }),
    days: t.field({
      type: [CumulativeFlowDayType],
      resolve: (report) => report.days.map((day) => ({ ...day, columns: report.pipelines })),
    }),
  }),
});

const CycleTimeType = builder.objectRef<CycleTime>("CycleTime").implement({
  fields: (t) => ({
    issueId: t.id({ resolve: (entry) => encodeGlobalID("Issue", entry.issue.id) }),
    issueNumber: t.int({ resolve: (entry) => entry.issue.number }),
    issueTitle: t.string({ resolve: (entry) => entry.issue.title }),
    startedAt: t.field({ type: "ISO8601DateTime", resolve: (entry) => entry.startedAt }),
    closedAt: t.field({ type: "ISO8601DateTime", resolve: (entry) => entry.closedAt }),
    days: t.float({ description: "Cycle time in days.", resolve: (entry) => entry.days }),
    rollingAverageDays: t.float({ resolve: (entry) => entry.rollingAverage }),
    rollingDeviationDays: t.float({ resolve: (entry) => entry.rollingDeviation }),
  }),
});

const ControlChartReport = builder.objectRef<CycleTime[]>("ControlChartReport").implement({
  fields: (t) => ({
    issues: t.field({ type: [CycleTimeType], description: "By closing time.", resolve: (entries) => entries }),
  }),
});

const ProgressDayType = builder.objectRef<ProgressDay>("ReportProgressDay").implement({
  fields: (t) => ({
    day: t.field({ type: "ISO8601Date", resolve: (day) => day.day }),
    totalPoints: t.exposeFloat("totalPoints"),
    completedPoints: t.exposeFloat("completedPoints"),
    totalIssues: t.exposeInt("totalIssues"),
    closedIssues: t.exposeInt("closedIssues"),
  }),
});

const ReleaseReport = builder.objectRef<Report<typeof releaseReport>>("ReleaseReport").implement({
  fields: (t) => ({
    release: t.field({ type: Release, resolve: (report) => report.release }),
    days: t.field({ type: [ProgressDayType], resolve: (report) => report.days }),
    remainingPoints: t.exposeFloat("remainingPoints"),
    velocity: t.float({
      nullable: true,
      description: "Points per sprint over the last three closed sprints.",
      resolve: (report) => report.velocity,
    }),
    projectedCompletion: t.field({
      type: "ISO8601Date",
      nullable: true,
      description: "When the open points would be done at that velocity; null without one.",
      resolve: (report) => report.projectedCompletion,
    }),
  }),
});

const EpicReport = builder.objectRef<Report<typeof epicReport>>("EpicReport").implement({
  fields: (t) => ({
    epic: t.field({ type: GantryEpic, resolve: (report) => report.epic }),
    days: t.field({ type: [ProgressDayType], resolve: (report) => report.days }),
  }),
});

const WorkspaceReports = builder.objectRef<WorkspaceRow>("WorkspaceReports").implement({
  description: "Charts computed from the workspace's issue timeline.",
  fields: (t) => ({
    burndown: t.field({
      type: BurndownReport,
      args: { sprintId: t.arg.globalID({ required: true, for: Sprint }) },
      resolve: (workspace, args, context) => burndownReport(context.db, workspace.id, args.sprintId.id, context.now()),
    }),
    velocity: t.field({
      type: VelocityReport,
      args: {
        sprintCount: t.arg.int({
          required: false,
          defaultValue: 6,
          description: `The last closed sprints to show, 1 to ${MAX_VELOCITY_SPRINTS}.`,
        }),
      },
      resolve: (workspace, args, context) =>
        velocityReport(context.db, workspace.id, args.sprintCount ?? 6, context.now()),
    }),
    cumulativeFlow: t.field({
      type: CumulativeFlowReport,
      args: {
        from: t.arg({ type: "ISO8601Date", required: true }),
        to: t.arg({ type: "ISO8601Date", required: true }),
      },
      resolve: (workspace, args, context) =>
        cumulativeFlowReport(context.db, workspace.id, args.from, args.to, context.now()),
    }),
    controlChart: t.field({
      type: ControlChartReport,
      description: "Issues closed in the range: from leaving the first pipeline to closing.",
      args: {
        from: t.arg({ type: "ISO8601Date", required: true }),
        to: t.arg({ type: "ISO8601Date", required: true }),
      },
      resolve: (workspace, args, context) =>
        controlChartReport(context.db, workspace.id, args.from, args.to, context.now()),
    }),
    release: t.field({
      type: ReleaseReport,
      args: { releaseId: t.arg.globalID({ required: true, for: Release }) },
      resolve: (workspace, args, context) => releaseReport(context.db, workspace.id, args.releaseId.id, context.now()),
    }),
    epic: t.field({
      type: EpicReport,
      args: { epicId: t.arg.globalID({ required: true, for: GantryEpic }) },
      resolve: (workspace, args, context) => epicReport(context.db, workspace.id, args.epicId.id, context.now()),
    }),
  }),
});

builder.objectField(Workspace, "reports", (t) =>
  t.field({ type: WorkspaceReports, resolve: (workspace) => workspace }),
);
