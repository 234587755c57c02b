import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { recordMutation, signedInMutation } from "../graphql/signed-in-mutation.js";
import { Workspace } from "../workspaces/schema.js";
import {
  createWebhook,
  type DeliveryRow,
  deleteWebhook,
  listWebhooks,
  type OutboundWebhookRow,
  recentDeliveries,
  redeliver,
  WEBHOOK_EVENTS,
} from "./service.js";

const deps = (context: GraphQLContext) => context.webhooks;
const idOf = (raw: string | number, typename: string) => idOfType(decodeGantryId(String(raw)), typename);

const OutboundWebhookEvent = builder.enumType("OutboundWebhookEvent", {
  description: "What a workspace's outbound webhook is sent for; the payload's `type` is the lower-case name.",
  values: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event.toUpperCase(), { value: event }])) as Record<
    Uppercase<(typeof WEBHOOK_EVENTS)[number]>,
    { value: (typeof WEBHOOK_EVENTS)[number] }
  >,
});

const DeliveryStatus = builder.enumType("OutboundWebhookDeliveryStatus", {
  values: {
    PENDING: { value: "pending", description: "Queued, not tried yet." },
    RETRYING: { value: "retrying", description: "An attempt failed; another follows after a backoff." },
    SUCCEEDED: { value: "succeeded", description: "The receiver answered with a 2xx status." },
    FAILED: { value: "failed", description: "Every attempt failed, or the address was refused." },
  } as const,
});

const OutboundWebhookDelivery = builder.objectRef<DeliveryRow>("OutboundWebhookDelivery").implement({
  description: "One event sent to a webhook, with its latest attempt.",
  fields: (t) => ({
    id: t.id({ resolve: (delivery) => encodeGlobalID("OutboundWebhookDelivery", delivery.id) }),
    deliveryId: t.string({
      description: "The X-Gantry-Delivery header the receiver saw.",
      resolve: (delivery) => delivery.id,
    }),
    event: t.field({ type: OutboundWebhookEvent, resolve: (delivery) => delivery.event }),
    status: t.field({ type: DeliveryStatus, resolve: (delivery) => delivery.status }),
    attempts: t.exposeInt("attempts"),
    responseStatus: t.exposeInt("responseStatus", { nullable: true }),
    durationMs: t.exposeInt("durationMs", { nullable: true }),
    requestBody: t.string({ description: "The JSON body sent and signed.", resolve: (delivery) => delivery.payload }),
    responseExcerpt: t.exposeString("responseExcerpt", {
      nullable: true,
      description: "The start of the receiver's answer (2 KB at most), or why there was none.",
    }),
    redelivery: t.boolean({ resolve: (delivery) => delivery.redeliveryOf !== null }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (delivery) => delivery.createdAt }),
    lastAttemptAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: (delivery) => delivery.lastAttemptAt }),
  }),
});

const OutboundWebhook = builder.objectRef<OutboundWebhookRow>("OutboundWebhook").implement({
  description: "A workspace's outbound webhook: signed JSON posted to `url` for the chosen events.",
  fields: (t) => ({
    id: t.id({ resolve: (webhook) => encodeGlobalID("OutboundWebhook", webhook.id) }),
    url: t.exposeString("url"),
    secretHint: t.string({
      description: "The secret is never shown again; this is its last four characters, masked: ••••abcd.",
      resolve: (webhook) => `••••${webhook.secretHint}`,
    }),
    events: t.field({ type: [OutboundWebhookEvent], resolve: (webhook) => webhook.events }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (webhook) => webhook.createdAt }),
    deliveries: t.field({
      type: [OutboundWebhookDelivery],
      description: "The latest deliveries, newest first.",
      args: { first: t.arg.int({ required: false, defaultValue: 20 }) },
      resolve: (webhook, args, context) => {
        const first = args.first ?? 20;
        if (first < 1 || first > 100)
          throw new GantryError("BAD_USER_INPUT", "first must be between 1 and 100.", { field: "first" });
        return recentDeliveries(deps(context), webhook.id, first);
      },
    }),
  }),
});

builder.objectField(Workspace, "outboundWebhooks", (t) =>
  t.field({
    type: [OutboundWebhook],
    description: "The workspace's outbound webhooks, oldest first; workspace admins only.",
    resolve: (workspace, _args, context) => listWebhooks(deps(context), signedInViewer(context).id, workspace.id),
  }),
);

const outboundWebhookRecord = { key: "outboundWebhook", type: OutboundWebhook } as const;

recordMutation(
  "createOutboundWebhook",
  outboundWebhookRecord,
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      url: t.string({ required: true }),
      secret: t.string({ required: true, description: "8 to 256 characters; signs every delivery. Not shown again." }),
      events: t.field({ type: [OutboundWebhookEvent], required: true }),
    }),
  },
  {
    run: (input, context, viewer) =>
      createWebhook(deps(context), viewer.id, {
        workspaceId: input.workspaceId.id,
        url: input.url,
        secret: input.secret,
        events: input.events,
      }),
  },
);

recordMutation(
  "deleteOutboundWebhook",
  outboundWebhookRecord,
  { inputFields: (t) => ({ outboundWebhookId: t.id({ required: true }) }) },
  {
    run: (input, context, viewer) =>
      deleteWebhook(deps(context), viewer.id, idOf(input.outboundWebhookId, "OutboundWebhook"), context.origin ?? null),
  },
);

signedInMutation(
  "redeliverOutboundWebhookDelivery",
  { inputFields: (t) => ({ deliveryId: t.id({ required: true, description: "An OutboundWebhookDelivery's id." }) }) },
  {
    run: async (input, context, viewer) => ({
      delivery: await redeliver(deps(context), viewer.id, idOf(input.deliveryId, "OutboundWebhookDelivery")),
    }),
  },
  {
    outputFields: (t) => ({
      delivery: t.field({
        type: OutboundWebhookDelivery,
        description: "The new delivery, queued.",
        resolve: (payload) => payload.delivery,
      }),
    }),
  },
);
