import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { cascadingReference, createdAtColumn, generatedId } from "./columns.js";
import { issueEvents } from "./issue-activity.js";
import { workspaces } from "./workspaces.js";

/** The events a workspace's outbound webhook may subscribe to (names as Zenhub's webhooks send them). */
export type OutboundWebhookEvent = "issue_transfer" | "estimate_set" | "estimate_cleared" | "issue_reprioritized";

/**
 * An outbound webhook of a workspace: Gantry posts signed JSON to `url` for the chosen events.
 * The signing secret is sealed with the server's SecretBox; only its last characters are kept
 * in the clear (`secretHint`) so admins can tell secrets apart.
 */
export const outboundWebhooks = pgTable(
  "outbound_webhooks",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    url: text("url").notNull(),
    sealedSecret: text("sealed_secret").notNull(),
    secretHint: text("secret_hint").notNull(),
    events: text("events").array().$type<OutboundWebhookEvent[]>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (table) => [index("outbound_webhooks_workspace_idx").on(table.workspaceId, table.createdAt)],
);

export type OutboundDeliveryStatus = "pending" | "retrying" | "succeeded" | "failed";

/**
 * One event sent (or being sent) to one webhook, with its latest attempt. `issueEventId` is the
 * timeline entry the event came from; unique per webhook, so an entry is never sent twice however
 * often it is looked at. A redelivery is a new row (new delivery id) carrying the same payload.
 */
export const outboundWebhookDeliveries = pgTable(
  "outbound_webhook_deliveries",
  {
    id: generatedId(),
    webhookId: cascadingReference("webhook_id", () => outboundWebhooks.id),
    event: text("event").$type<OutboundWebhookEvent>().notNull(),
    issueEventId: uuid("issue_event_id").references(() => issueEvents.id, { onDelete: "set null" }),
    /** The exact body sent (and signed), kept so a redelivery sends the same bytes. */
    payload: text("payload").notNull(),
    redeliveryOf: uuid("redelivery_of"),
    status: text("status").$type<OutboundDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms"),
    /** The start of the receiver's answer, or why there was none (refused address, timeout). */
    responseExcerpt: text("response_excerpt"),
    createdAt: createdAtColumn(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("outbound_webhook_deliveries_issue_event_key").on(table.webhookId, table.issueEventId),
    index("outbound_webhook_deliveries_created_idx").on(table.webhookId, table.createdAt, table.id),
    check("outbound_webhook_deliveries_status", sql`${table.status} in ('pending', 'retrying', 'succeeded', 'failed')`),
  ],
);
