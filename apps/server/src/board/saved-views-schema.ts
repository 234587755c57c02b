import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { recordOutput } from "../graphql/record-mutations.js";
import { recordMutation, signedInMutation } from "../graphql/signed-in-mutation.js";
import { Workspace } from "../workspaces/schema.js";
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  type SavedView as SavedViewData,
  updateSavedView,
} from "./saved-views.js";

const deps = (context: GraphQLContext) => ({ db: context.db, now: context.now });
const savedViewIdOf = (raw: string | number) => idOfType(decodeGantryId(String(raw)), "SavedView");

const FILTERS_DESCRIPTION =
  "The board's filters as the web app holds them: { filters: BoardFilters (SPEC §3, search text included), filterLogic: all | any }.";

export const SavedView = builder.objectRef<SavedViewData>("SavedView").implement({
  description: "A set of filters saved by a user for later use; private to its creator unless shared.",
  fields: (t) => ({
    id: t.id({ resolve: (view) => encodeGlobalID("SavedView", view.id) }),
    name: t.exposeString("name"),
    filters: t.field({ type: "JSON", description: FILTERS_DESCRIPTION, resolve: (view) => view.filters }),
    isShared: t.exposeBoolean("shared"),
    viewerIsCreator: t.boolean({
      resolve: (view, _args, context) => view.createdBy === signedInViewer(context).id,
    }),
    viewerCanEdit: t.exposeBoolean("viewerCanEdit", {
      description: "The creator, or a workspace admin for a shared view, may update or delete it.",
    }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (view) => view.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (view) => view.updatedAt }),
  }),
});

builder.objectField(Workspace, "savedViews", (t) =>
  t.connection({
    type: SavedView,
    description: "The viewer's own saved views and the ones shared with the workspace, by name.",
    args: { query: t.arg.string({ required: false }) },
    resolve: async (workspace, args, context) =>
      arrayConnection(args, await listSavedViews(context.db, signedInViewer(context).id, workspace.id, args.query)),
  }),
);

const savedViewRecord = { key: "savedView", type: SavedView } as const;
const savedViewOutput = recordOutput(savedViewRecord.key, savedViewRecord.type);

recordMutation(
  "createSavedView",
  savedViewRecord,
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      name: t.string({ required: true }),
      filters: t.field({ type: "JSON", required: true, description: FILTERS_DESCRIPTION }),
      isShared: t.boolean({ required: false, defaultValue: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      createSavedView(deps(context), viewer.id, {
        workspaceId: input.workspaceId.id,
        name: input.name,
        filters: input.filters,
        shared: input.isShared ?? false,
      }),
  },
);

recordMutation(
  "updateSavedView",
  savedViewRecord,
  {
    inputFields: (t) => ({
      savedViewId: t.id({ required: true }),
      name: t.string({ required: false }),
      filters: t.field({
        type: "JSON",
        required: false,
        description: `A full new set of filters. ${FILTERS_DESCRIPTION}`,
      }),
      isShared: t.boolean({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      updateSavedView(deps(context), viewer.id, {
        savedViewId: savedViewIdOf(input.savedViewId),
        name: input.name,
        filters: input.filters,
        shared: input.isShared,
      }),
  },
);

signedInMutation(
  "deleteSavedView",
  { inputFields: (t) => ({ savedViewId: t.id({ required: true }) }) },
  {
    run: async (input, context, viewer) => ({
      savedView: await deleteSavedView(deps(context), viewer.id, savedViewIdOf(input.savedViewId)),
    }),
  },
  savedViewOutput,
);
