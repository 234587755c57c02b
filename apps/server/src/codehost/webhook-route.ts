import type { FastifyInstance } from "fastify";
import { type CodeHostDeps, WEBHOOK_PATH } from "./repositories.js";
import { createWebhookApplier, type WebhookPayload } from "./webhook-batches.js";

const MAX_WEBHOOK_BYTES = 5 * 1024 * 1024;

/**
 * GitHub's deliveries: the signature is checked with the repository's own hook secret before
 * anything but the repository's id is read (createWebhookApplier), each delivery id is applied once (GitHub redelivers, and replays
 * are attacks), and an older state never overwrites a newer one.
 */
export async function registerWebhookRoute(app: FastifyInstance, deps: CodeHostDeps): Promise<void> {
  const applier = createWebhookApplier(deps);
  await app.register(async (scope) => {
    // The signature covers the exact bytes, so this route reads the body unparsed.
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: MAX_WEBHOOK_BYTES },
      (_req, body, done) => done(null, body),
    );

    scope.post(WEBHOOK_PATH, async (req, reply) => {
      const raw = typeof req.body === "string" ? req.body : "";
      const event = String(req.headers["x-github-event"] ?? "");
      const deliveryId = String(req.headers["x-github-delivery"] ?? "");
      const signature = String(req.headers["x-hub-signature-256"] ?? "");
      let payload: WebhookPayload;
      try {
        payload = JSON.parse(raw) as WebhookPayload;
      } catch {
        return reply.code(400).send({ error: "the body is not JSON" });
      }
      const ghId = payload.repository?.id;
      if (typeof ghId !== "number") return reply.code(404).send({ error: "no connected repository for this delivery" });
      const outcome = await applier.apply(ghId, { deliveryId, event, payload, raw, signature, receivedAt: deps.now() });
      if (outcome === "unknown repository")
        return reply.code(404).send({ error: "no connected repository for this delivery" });
      if (outcome === "forged") return reply.code(401).send({ error: "signature does not match" });
      if (outcome === "no delivery id") return reply.code(400).send({ error: "missing X-GitHub-Delivery" });
      return reply.code(outcome === "applied" ? 202 : 200).send({ applied: outcome === "applied" });
    });
  });
}
