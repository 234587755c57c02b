import { type Database, schema } from "@gantry/db";
import { desc, eq } from "drizzle-orm";
import { type AuditOrigin, recordWorkspaceAuditEvent } from "../audit/record.js";
import type { SecretBox } from "../crypto/secret-box.js";
import { GantryError } from "../graphql/errors.js";
import type { JobQueue } from "../jobs/background.js";
import { requireWorkspace } from "../organizations/access.js";
import { checkedAddresses, hostOf, RefusedAddressError } from "./addresses.js";
import type { WebhookConfig } from "./config.js";
import type { HookCache } from "./hook-cache.js";

const { outboundWebhookDeliveries, outboundWebhooks } = schema;

export const WEBHOOK_EVENTS = ["issue_transfer", "estimate_set", "estimate_cleared", "issue_reprioritized"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const DELIVERY_QUEUE = "outbound-webhook-delivery";
export const MAX_WEBHOOKS_PER_WORKSPACE = 20;
const SECRET_LENGTH = { min: 8, max: 256 };

/** Everything outbound webhooks need, built once per app. */
export interface OutboundWebhookDeps {
  db: Database;
  secretBox: SecretBox;
  config: WebhookConfig;
  /** Gantry's own address, for native issues' links in payloads. */
  publicUrl: string;
  jobs: JobQueue;
  /** Each workspace's webhooks for board events; told here of this instance's changes once committed. */
  hookCache: HookCache;
}

export type OutboundWebhookRow = typeof outboundWebhooks.$inferSelect;
export type DeliveryRow = typeof outboundWebhookDeliveries.$inferSelect;

const invalid = (field: string, message: string) => new GantryError("BAD_USER_INPUT", message, { field });

/**
 * Checks a webhook's address: an absolute http(s) URL without credentials whose host resolves,
 * and not to a loopback, link-local or private address unless the install allows that.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid("url", "Enter the full address of the receiver, starting with https:// or http://.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw invalid("url", "Webhooks are sent over https:// or http:// only.");
  if (url.username || url.password)
    throw invalid("url", "Leave the user name and password out of the address; the secret signs each delivery.");
  if (url.href.length > 2048) throw invalid("url", "The address is longer than 2048 characters.");
  try {
    await checkedAddresses(hostOf(url), allowPrivate);
  } catch (error) {
    if (error instanceof RefusedAddressError) throw invalid("url", error.message);
    throw invalid("url", `${url.hostname} could not be found; check the address.`);
  }
  return url.href;
}

function checkEvents(events: string[]): WebhookEvent[] {
  const chosen = WEBHOOK_EVENTS.filter((event) => events.includes(event));
  if (chosen.length === 0) throw invalid("events", "Choose at least one event to send.");
  return chosen;
}

/** The workspace's webhooks, oldest first, for one of its admins. */
export async function listWebhooks(deps: OutboundWebhookDeps, userId: string, workspaceId: string) {
  await requireWorkspace(deps.db, workspaceId, userId, "admin");
  return deps.db
    .select()
    .from(outboundWebhooks)
    .where(eq(outboundWebhooks.workspaceId, workspaceId))
    .orderBy(outboundWebhooks.createdAt, outboundWebhooks.id);
}

/** A workspace admin adds a webhook; the secret is sealed at once and never shown again. */
export async function createWebhook(
  deps: OutboundWebhookDeps,
  userId: string,
  input: { workspaceId: string; url: string; secret: string; events: string[] },
): Promise<OutboundWebhookRow> {
  await requireWorkspace(deps.db, input.workspaceId, userId, "admin");
  const events = checkEvents(input.events);
  if (input.secret.length < SECRET_LENGTH.min || input.secret.length > SECRET_LENGTH.max)
    throw invalid("secret", `The secret must be ${SECRET_LENGTH.min} to ${SECRET_LENGTH.max} characters long.`);
  const url = await checkWebhookUrl(input.url, deps.config.allowPrivateAddresses);
  const existing = await deps.db
    .select({ id: outboundWebhooks.id })
    .from(outboundWebhooks)
    .where(eq(outboundWebhooks.workspaceId, input.workspaceId));
  if (existing.length >= MAX_WEBHOOKS_PER_WORKSPACE)
    throw new GantryError("CONFLICT", `A workspace can have at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhooks.`);
  const [row] = await deps.db
    .insert(outboundWebhooks)
    .values({
      workspaceId: input.workspaceId,
      url,
      sealedSecret: deps.secretBox.seal(input.secret),
      secretHint: input.secret.slice(-4),
      events,
      createdBy: userId,
    })
    .returning();
  if (!row) throw new Error("webhook insert returned nothing");
  // Committed: the next board event on this instance reads the list again (others hear the trigger's NOTIFY).
  deps.hookCache.forget(input.workspaceId);
  return row;
}

/** The webhook, for an admin of its workspace; anyone else is told it does not exist or may not change it. */
export async function requireWebhook(deps: OutboundWebhookDeps, userId: string, webhookId: string) {
  const [webhook] = await deps.db.select().from(outboundWebhooks).where(eq(outboundWebhooks.id, webhookId));
  if (!webhook) throw new GantryError("NOT_FOUND", "This webhook does not exist.");
  await requireWorkspace(deps.db, webhook.workspaceId, userId, "admin");
  return webhook;
}

/** Deletes the webhook and its delivery log; deliveries still queued find it gone and stop. */
export async function deleteWebhook(
  deps: OutboundWebhookDeps,
  userId: string,
  webhookId: string,
  origin: AuditOrigin | null = null,
) {
  const webhook = await requireWebhook(deps, userId, webhookId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(outboundWebhooks).where(eq(outboundWebhooks.id, webhook.id));
    await recordWorkspaceAuditEvent(tx, webhook.workspaceId, {
      action: "webhook.deleted",
      actor: { id: userId },
      // The address only; the signing secret stays sealed and out of the log.
      target: { type: "webhook", id: webhook.id, label: webhook.url },
      origin,
    });
  });
  deps.hookCache.forget(webhook.workspaceId);
  return webhook;
}

/** The webhook's latest deliveries, newest first (the id breaks ties between rows stored together). */
export async function recentDeliveries(deps: Pick<OutboundWebhookDeps, "db">, webhookId: string, first: number) {
  return deps.db
    .select()
    .from(outboundWebhookDeliveries)
    .where(eq(outboundWebhookDeliveries.webhookId, webhookId))
    .orderBy(desc(outboundWebhookDeliveries.createdAt), desc(outboundWebhookDeliveries.id))
    .limit(first);
}

/** Queues a delivery's first attempt; pg-boss takes over its retries. */
export async function queueDelivery(deps: Pick<OutboundWebhookDeps, "jobs">, deliveryId: string) {
  // A singleton key per delivery: the queue keeps one waiting job per key, and deliveries must not absorb each other.
  await deps.jobs.send(DELIVERY_QUEUE, { deliveryId }, deliveryId);
}

/**
 * Sends a delivery's payload again as a new delivery (a new id, attempts from one), as GitHub's
 * "Redeliver" does; the original stays in the log as it was.
 */
export async function redeliver(deps: OutboundWebhookDeps, userId: string, deliveryId: string): Promise<DeliveryRow> {
  const [original] = await deps.db
    .select()
    .from(outboundWebhookDeliveries)
    .where(eq(outboundWebhookDeliveries.id, deliveryId));
  if (!original) throw new GantryError("NOT_FOUND", "This delivery does not exist.");
  await requireWebhook(deps, userId, original.webhookId);
  const [copy] = await deps.db
    .insert(outboundWebhookDeliveries)
    .values({
      webhookId: original.webhookId,
      event: original.event,
      payload: original.payload,
      redeliveryOf: original.id,
    })
    .returning();
  if (!copy) throw new Error("delivery insert returned nothing");
  await queueDelivery(deps, copy.id);
  return copy;
}
