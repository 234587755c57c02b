import { schema } from "@gantry/db";
import { createContextCache } from "@pothos/core";
import { and, eq, inArray } from "drizzle-orm";
import { OrderDirection } from "../board/order-input.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { recordMutation } from "../graphql/signed-in-mutation.js";
import { GantryEpic, Release } from "../issues/field-types.js";
import { Epic } from "../issues/issue-fields-schema.js";
import { batched, type ChildProgress, groupBy, progressByState, stateTotals } from "../issues/issue-loaders.js";
import { childProgressFields } from "../issues/progress-fields.js";
import { visibleWorkspaceIds } from "../issues/visible-workspaces.js";
import { requireWorkspace } from "../organizations/access.js";
import { GantryOrganization } from "../organizations/schema.js";
import { Workspace } from "../workspaces/schema.js";
import { updateEpicDates } from "./epic-dates.js";
import { type RoadmapFilter, type RoadmapItemRow, roadmapItems } from "./roadmap.js";

const { epicDates, issues, releaseIssues, workspaces } = schema;

/** Issues closed of all and points done of all, for each release: the roadmap's progress inside a bar. */
const releaseProgress = batched<ChildProgress>(async (ids, { db }) => {
  const rows = await db
    .select({ releaseId: releaseIssues.releaseId, ...stateTotals })
    .from(releaseIssues)
    .innerJoin(issues, eq(issues.id, releaseIssues.issueId))
    .where(inArray(releaseIssues.releaseId, ids))
    .groupBy(releaseIssues.releaseId, issues.state);
  return groupBy(ids, rows, (row) => row.releaseId).map(progressByState);
});

builder.objectFields(Release, (t) => {
  const progress = childProgressFields(t, releaseProgress, {
    count: "The release's issues, open and closed.",
    estimate: "The story points of the release's issues, open and closed.",
  });
  return { issueCountProgress: progress.count, issueEstimateProgress: progress.estimate };
});

/** A GitHub epic's days, read for every epic a request shows at once. */
const epicDays = batched<{ startOn: string | null; endOn: string | null }>(async (ids, { db }) => {
  const rows = await db.select().from(epicDates).where(inArray(epicDates.issueId, ids));
  return ids.map((id) => rows.find((row) => row.issueId === id) ?? { startOn: null, endOn: null });
});

builder.objectFields(Epic, (t) => ({
  startOn: t.field({
    type: "ISO8601Date",
    nullable: true,
    resolve: async (epic, _args, context) => (await epicDays(context).load(epic.id)).startOn,
  }),
  endOn: t.field({
    type: "ISO8601Date",
    nullable: true,
    resolve: async (epic, _args, context) => (await epicDays(context).load(epic.id)).endOn,
  }),
}));

recordMutation(
  "updateEpicDates",
  { key: "epic", type: Epic },
  {
    inputFields: (t) => ({
      epicId: t.globalID({ required: true, for: Epic }),
      startOn: t.field({ type: "ISO8601Date", required: false, description: "null clears the date." }),
      endOn: t.field({ type: "ISO8601Date", required: false, description: "null clears the date." }),
    }),
  },
  {
    description: "A GitHub epic's start and end days on the roadmap (editors of a board showing it).",
    run: (input, context, viewer) =>
      updateEpicDates(context, viewer.id, {
        epicId: input.epicId.id,
        startOn: input.startOn,
        endOn: input.endOn,
      }),
  },
);

const RoadmapItemType = builder.enumType("RoadmapItemType", {
  values: ["GANTRY_EPIC", "RELEASE", "EPIC"] as const,
});

const ITEM_TYPES = { GANTRY_EPIC: GantryEpic, RELEASE: Release, EPIC: Epic } as const;

/** The reference's RoadmapItem: Gantry epics, releases and GitHub epics. */
const RoadmapItem = builder.unionType("RoadmapItem", {
  types: [GantryEpic, Release, Epic],
  // Only roadmapItems answers this union, and it marks every row with its kind.
  resolveType: (item) => ITEM_TYPES[(item as RoadmapItemRow).itemType],
});

const RoadmapItemState = builder.enumType("RoadmapItemState", {
  description: "A Gantry epic's state; a release or a GitHub epic is OPEN or CLOSED.",
  values: ["OPEN", "TODO", "IN_PROGRESS", "CLOSED"] as const,
});

const RoadmapItemStateFilterInput = builder.inputType("RoadmapItemStateFilterInput", {
  description: "`in`: items in one of these states; `nin`: items in none of them.",
  fields: (t) => ({
    in: t.field({ type: [RoadmapItemState], required: false }),
    nin: t.field({ type: [RoadmapItemState], required: false }),
  }),
});

const RoadmapItemOrderField = builder.enumType("RoadmapItemOrderField", { values: ["start_on", "end_on"] as const });

const RoadmapItemOrderInput = builder.inputType("RoadmapItemOrderInput", {
  description: "By the item's start or end day; undated items last either way.",
  fields: (t) => ({
    field: t.field({ type: RoadmapItemOrderField, required: true }),
    direction: t.field({ type: OrderDirection, required: true }),
  }),
});

type ArgBuilder = Parameters<Parameters<typeof builder.objectField<typeof Workspace>>[2]>[0]["arg"];

const filterArgs = (arg: ArgBuilder) => ({
  types: arg({ type: [RoadmapItemType], required: false, description: "Only these kinds; all when left out." }),
  gantryEpicIds: arg.globalIDList({ required: false, for: GantryEpic, description: "Only these Gantry epics." }),
  releaseIds: arg.globalIDList({ required: false, for: Release, description: "Only these releases." }),
  epicIds: arg.globalIDList({ required: false, for: Epic, description: "Only these GitHub epics." }),
});

const filterOf = (args: {
  types?: RoadmapFilter["types"];
  gantryEpicIds?: readonly { id: string }[] | null;
  releaseIds?: readonly { id: string }[] | null;
  epicIds?: readonly { id: string }[] | null;
}): RoadmapFilter => ({
  types: args.types ?? null,
  gantryEpicIds: args.gantryEpicIds?.map((id) => id.id) ?? null,
  releaseIds: args.releaseIds?.map((id) => id.id) ?? null,
  epicIds: args.epicIds?.map((id) => id.id) ?? null,
});

builder.objectField(Workspace, "roadmapItems", (t) =>
  t.connection({
    type: RoadmapItem,
    description:
      "The workspace's Gantry epics and releases for the roadmap: dated ones by start, then undated ones by title. " +
      "Giving epic ids leaves releases out unless release ids are given too, and the other way round.",
    args: filterArgs(t.arg),
    resolve: async (workspace, args, context) =>
      arrayConnection(args, await roadmapItems(context.db, [workspace.id], filterOf(args))),
  }),
);

/** Each workspace once per request, with the viewer's permission on it (items of one workspace share it). */
const workspaceOf = createContextCache((context: GraphQLContext) => {
  const loaded = new Map<string, ReturnType<typeof loadWorkspace>>();
  function loadWorkspace(workspaceId: string) {
    return requireWorkspace(context.db, workspaceId, context.viewer?.id ?? "", "viewer").then((access) => ({
      ...access.workspace,
      viewerPermission: access.permission,
    }));
  }
  return (workspaceId: string) => {
    const known = loaded.get(workspaceId);
    if (known) return known;
    const loading = loadWorkspace(workspaceId);
    loaded.set(workspaceId, loading);
    return loading;
  };
});

// The organisation's roadmap names each item's workspace, and whether the viewer may change it there.
builder.objectField(Epic, "workspace", (t) =>
  t.field({
    type: Workspace,
    nullable: true,
    description:
      "On a roadmap, a workspace whose board shows the epic (it may be on several); null elsewhere, where an epic belongs to no one workspace.",
    resolve: (epic, _args, context) => {
      const workspaceId = (epic as Partial<RoadmapItemRow>).workspaceId;
      return workspaceId ? workspaceOf(context)(workspaceId) : null;
    },
  }),
);
for (const type of [GantryEpic, Release] as const) {
  builder.objectField(type, "workspace", (t) =>
    t.field({
      type: Workspace,
      description: "The workspace it belongs to.",
      resolve: (item: { workspaceId: string }, _args, context) => workspaceOf(context)(item.workspaceId),
    }),
  );
}

builder.objectField(GantryOrganization, "roadmapItems", (t) =>
  t.connection({
    type: RoadmapItem,
    description:
      "The Gantry epics and releases of the organisation's workspaces the viewer may open (or of those among " +
      "`workspaceIds`), ordered and filtered as Workspace.roadmapItems; `query` keeps items whose title contains it " +
      "(any case), `state` items in these states, `startOn` and `endOn` dated items meeting that window. `order` " +
      "orders by one day; left out, items are by start day as on Gantry's roadmap (ZenHub's default is end_on ASC).",
    args: {
      ...filterArgs(t.arg),
      workspaceIds: t.arg.globalIDList({ required: false, for: Workspace, description: "Only these workspaces." }),
      state: t.arg({ type: RoadmapItemStateFilterInput, required: false }),
      order: t.arg({ type: RoadmapItemOrderInput, required: false }),
      query: t.arg.string({ required: false }),
      startOn: t.arg({ type: "ISO8601Date", required: false }),
      endOn: t.arg({ type: "ISO8601Date", required: false }),
    },
    resolve: async (organization, args, context) => {
      const visible = await visibleWorkspaceIds(context);
      const asked = args.workspaceIds?.length ? args.workspaceIds.map((id) => id.id) : [...visible];
      const wanted = asked.filter((id) => visible.has(id));
      const rows = wanted.length
        ? await context.db
            .select({ id: workspaces.id })
            .from(workspaces)
            .where(and(eq(workspaces.organizationId, organization.id), inArray(workspaces.id, wanted)))
        : [];
      return arrayConnection(
        args,
        await roadmapItems(
          context.db,
          rows.map((row) => row.id),
          {
            ...filterOf(args),
            query: args.query,
            state: args.state,
            startOn: args.startOn,
            endOn: args.endOn,
            order: args.order,
          },
        ),
      );
    },
  }),
);
