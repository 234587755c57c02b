import { encodeGlobalID, resolveOffsetConnection } from "@pothos/plugin-relay";
import { GantryUser } from "../accounts/schema.js";
import { builder } from "../graphql/builder.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { type EventFilter, eventCount, eventPage } from "./queries.js";
import { aliasUser, incrementUserProperties, trackEvent, updateUserProperties } from "./service.js";

type EventRow = Awaited<ReturnType<typeof eventPage>>[number];

const AnalyticsEvent = builder.objectRef<EventRow>("AnalyticsEvent").implement({
  description: "One tracked event, as instance admins read the event table.",
  fields: (t) => ({
    id: t.id({ resolve: (row) => encodeGlobalID("AnalyticsEvent", row.event.id) }),
    event: t.string({ resolve: (row) => row.event.event }),
    properties: t.field({ type: "JSON", resolve: (row) => row.event.properties }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (row) => row.event.createdAt }),
    gantryUser: t.field({ type: GantryUser, resolve: (row) => row.user }),
  }),
});

builder.queryField("analyticsEvents", (t) =>
  t.connection({
    type: AnalyticsEvent,
    description: "The analytics event table, newest first (instance admins only).",
    authScopes: { instanceAdmin: true },
    args: {
      event: t.arg.string({ required: false }),
      gantryUserId: t.arg.globalID({ required: false, for: GantryUser }),
    },
    resolve: async (_root, args, context) => {
      const filter: EventFilter = { event: args.event ?? undefined, userId: args.gantryUserId?.id };
      const totalCount = await eventCount(context.db, filter);
      const connection = await resolveOffsetConnection({ args, defaultSize: 50, maxSize: 100 }, (page) =>
        eventPage(context.db, filter, page),
      );
      return { ...connection, totalCount };
    },
  }),
);

// Every analytics mutation answers `success`, as SPEC §7 gives for analyticsIncrementUserProperties.

signedInMutation(
  "analyticsTrackEvent",
  {
    name: "TrackEventInput",
    inputFields: (t) => ({
      event: t.string({ required: true }),
      properties: t.field({ type: "JSON", required: false }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      await trackEvent(context, viewer.id, input);
      return { success: true };
    },
  },
  { name: "TrackEventPayload", outputFields: (t) => ({ success: t.exposeBoolean("success") }) },
);

signedInMutation(
  "analyticsAlias",
  { name: "AliasInput", inputFields: (t) => ({ alias: t.string({ required: true }) }) },
  {
    run: async (input, context, viewer) => {
      await aliasUser(context, viewer.id, input.alias);
      return { success: true };
    },
  },
  { name: "AliasPayload", outputFields: (t) => ({ success: t.exposeBoolean("success") }) },
);

signedInMutation(
  "analyticsUpdateUserProperties",
  {
    name: "UpdateUserPropertiesInput",
    inputFields: (t) => ({ properties: t.field({ type: "JSON", required: true }) }),
  },
  {
    run: async (input, context, viewer) => {
      await updateUserProperties(context, viewer.id, input.properties);
      return { success: true };
    },
  },
  { name: "UpdateUserPropertiesPayload", outputFields: (t) => ({ success: t.exposeBoolean("success") }) },
);

signedInMutation(
  "analyticsIncrementUserProperties",
  {
    name: "IncrementUserPropertiesInput",
    inputFields: (t) => ({ properties: t.field({ type: "JSON", required: true }) }),
  },
  {
    run: async (input, context, viewer) => {
      await incrementUserProperties(context, viewer.id, input.properties);
      return { success: true };
    },
  },
  { name: "IncrementUserPropertiesPayload", outputFields: (t) => ({ success: t.exposeBoolean("success") }) },
);
