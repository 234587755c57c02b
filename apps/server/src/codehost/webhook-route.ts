import type { FastifyInstance } from "fastify";
import { type CodeHostDeps, WEBHOOK_PATH } from "./repositories.js";
import { createWebhookApplier, type DeliveryOutcome, reasonOf, type WebhookPayload } from "./webhook-batches.js";

/** GitHub sends payloads of up to 25 MB. */
export const MAX_WEBHOOK_BYTES = 25 * 1024 * 1024;
/**
 * GitHub gives a receiver 10 seconds. A delivery is safe once accepted (stored, queued), so the
 * answer waits for it to be applied only this long and then says it is queued.
 */
const ANSWER_WITHIN_MS = 5_000;

/** GitHub's two content types: the JSON itself, or a form whose `payload` field holds it. */
function payloadText(contentType: string, raw: string): string | null {
  if (contentType.startsWith("application/json")) return raw;
  if (contentType.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams(raw).get("payload");
  return null;
}

const answers: Record<DeliveryOutcome, { code: number; body: object }> = {
  applied: { code: 202, body: { applied: true } },
  queued: { code: 202, body: { applied: false, queued: true } },
  seen: { code: 200, body: { applied: false } },
  "unknown repository": { code: 404, body: { error: "no connected repository for this delivery" } },
  forged: { code: 401, body: { error: "signature does not match" } },
  "no delivery id": { code: 400, body: { error: "missing X-GitHub-Delivery" } },
  failed: {
    code: 500,
    body: { error: "Gantry could not apply this delivery; the repository's sync health in Gantry says why" },
  },
};

/**
 * GitHub's deliveries: the signature is checked with the repository's own hook secret before
 * anything but the repository's id is read (createWebhookApplier), each delivery id is applied once (GitHub redelivers, and replays
 * are attacks), and an older state never overwrites a newer one.
 */
export async function registerWebhookRoute(app: FastifyInstance, deps: CodeHostDeps): Promise<void> {
  const applier = createWebhookApplier(deps);
  app.addHook("onReady", async () => {
    void applier
      .resume()
      .catch((error: unknown) =>
        deps.log?.error(
          { err: error instanceof Error ? error.message : String(error) },
          "queued GitHub deliveries not resumed",
        ),
      );
  });
  app.addHook("onClose", () => applier.settled());
  await app.register(async (scope) => {
    // The signature covers the exact bytes, so this route reads the body unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ["application/json", "application/x-www-form-urlencoded"],
      { parseAs: "string", bodyLimit: MAX_WEBHOOK_BYTES },
      (_req, body, done) => done(null, body),
    );

    scope.post(WEBHOOK_PATH, async (req, reply) => {
      const raw = typeof req.body === "string" ? req.body : "";
      const event = String(req.headers["x-github-event"] ?? "");
      const deliveryId = String(req.headers["x-github-delivery"] ?? "");
      const signature = String(req.headers["x-hub-signature-256"] ?? "");
      const text = payloadText(String(req.headers["content-type"] ?? ""), raw);
      let payload: WebhookPayload;
      try {
        payload = JSON.parse(text ?? "") as WebhookPayload;
      } catch {
        return reply.code(400).send({ error: "the body is not a JSON payload" });
      }
      const ghId = payload?.repository?.id;
      if (typeof ghId !== "number") return reply.code(404).send(answers["unknown repository"].body);
      let timer: NodeJS.Timeout | undefined;
      // Past the wait, the delivery is stored as queued before the answer says so.
      const late = new Promise<DeliveryOutcome>((settle, fail) => {
        timer = setTimeout(() => applier.store(deliveryId).then(() => settle("queued"), fail), ANSWER_WITHIN_MS);
      });
      try {
        const outcome = await Promise.race([
          applier.apply(ghId, {
            deliveryId,
            event,
            payload,
            raw,
            json: text ?? "",
            signature,
            receivedAt: deps.now(),
          }),
          late,
        ]);
        const answer = answers[outcome];
        return reply.code(answer.code).send(answer.body);
      } catch (error) {
        // Not accepted (the database did not answer): GitHub retries on a 5xx. Its reason stays in the log.
        req.log.error({ deliveryId, event, err: reasonOf(error) }, "GitHub delivery not accepted");
        return reply.code(503).send({ error: "Gantry could not accept this delivery now; redeliver it later" });
      } finally {
        clearTimeout(timer);
      }
    });
  });
}
