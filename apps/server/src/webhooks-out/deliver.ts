import { createHmac } from "node:crypto";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { schema } from "@gantry/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { JobDefinition } from "../jobs/jobs.js";
import { checkedAddresses, guardedLookup, hostOf, RefusedAddressError } from "./addresses.js";
import { DELIVERY_QUEUE, type OutboundWebhookDeps } from "./service.js";

const { outboundWebhookDeliveries, outboundWebhooks } = schema;

/** How much of the receiver's answer the log keeps. */
const EXCERPT_LIMIT = 2048;

/** GitHub's style: `sha256=` and the hex HMAC-SHA256 of the raw body under the webhook's secret. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

interface Outcome {
  status: number | null;
  excerpt: string;
  /** A refused address will not change its answer by waiting: no retry. */
  final: boolean;
}

/** Reads the start of the answer, then closes the connection: a receiver cannot keep a worker busy by talking on. */
function excerptOf(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString("utf8").slice(0, EXCERPT_LIMIT));
    response.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= EXCERPT_LIMIT) {
        response.destroy();
        done();
      }
    });
    response.on("end", done);
    response.on("error", done);
  });
}

/** One POST; redirects are not followed (a receiver that moved must be updated by an admin). */
async function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<Outcome> {
  try {
    // The socket skips DNS for an address literal, so it is checked here; names are checked as they resolve.
    await checkedAddresses(hostOf(url), options.allowPrivate);
  } catch (error) {
    if (error instanceof RefusedAddressError) return { status: null, excerpt: error.message, final: true };
    return { status: null, excerpt: `Could not resolve ${url.hostname}.`, final: false };
  }
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
      },
      (response) => {
        void excerptOf(response).then((excerpt) =>
          resolve({ status: response.statusCode ?? null, excerpt, final: false }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s.`)));
    req.on("error", (error) =>
      resolve({ status: null, excerpt: error.message, final: error instanceof RefusedAddressError }),
    );
    req.end(body);
  });
}

/**
 * Makes one attempt at a delivery and records it. A failure with attempts left throws, so the
 * job queue retries it with backoff; the last attempt, or a refused address, marks it failed.
 */
export async function attemptDelivery(
  deps: Pick<OutboundWebhookDeps, "db" | "secretBox" | "config">,
  deliveryId: string,
): Promise<void> {
  const [row] = await deps.db
    .select({ delivery: outboundWebhookDeliveries, webhook: outboundWebhooks })
    .from(outboundWebhookDeliveries)
    .innerJoin(outboundWebhooks, eq(outboundWebhooks.id, outboundWebhookDeliveries.webhookId))
    .where(eq(outboundWebhookDeliveries.id, deliveryId));
  // Gone with its webhook, or already settled (a job run twice): nothing to send.
  if (!row || row.delivery.status === "succeeded" || row.delivery.status === "failed") return;
  const { delivery, webhook } = row;
  const attempt = delivery.attempts + 1;
  const started = performance.now();
  const outcome = await post(
    new URL(webhook.url),
    delivery.payload,
    {
      "content-type": "application/json",
      "user-agent": "Gantry-Hookshot",
      "x-gantry-event": delivery.event,
      "x-gantry-delivery": delivery.id,
      "x-gantry-signature-256": signature(deps.secretBox.open(webhook.sealedSecret), delivery.payload),
    },
    { allowPrivate: deps.config.allowPrivateAddresses, timeoutMs: deps.config.timeoutMs },
  );
  const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const giveUp = outcome.final || attempt >= deps.config.maxAttempts;
  await deps.db
    .update(outboundWebhookDeliveries)
    .set({
      status: succeeded ? "succeeded" : giveUp ? "failed" : "retrying",
      attempts: attempt,
      responseStatus: outcome.status,
      durationMs: Math.round(performance.now() - started),
      responseExcerpt: outcome.excerpt,
      lastAttemptAt: new Date(),
    })
    .where(eq(outboundWebhookDeliveries.id, delivery.id));
  if (!succeeded && !giveUp) {
    throw new Error(`webhook delivery ${delivery.id} attempt ${attempt} failed (${outcome.status ?? "no answer"})`);
  }
}

const jobData = z.object({ deliveryId: z.uuid() });

/** The queue deliveries wait in; retries follow the install's webhook settings, not the default. */
export function deliveryJob(deps: Pick<OutboundWebhookDeps, "db" | "secretBox" | "config">): JobDefinition {
  return {
    queue: DELIVERY_QUEUE,
    retry: { limit: Math.max(0, deps.config.maxAttempts - 1), delaySeconds: deps.config.retryDelaySeconds },
    run: (data) => attemptDelivery(deps, jobData.parse(data).deliveryId),
  };
}
