import { schema } from "@gantry/db";
import { verify } from "@octokit/webhooks-methods";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { applyPipelineLabel } from "../board/pipeline-labels.js";
import { placeNewIssues } from "../board/placement.js";
import { publishIssuesChanged, repositoryBoards } from "../events/issue-events.js";
import { deleteIssue, type GitHubIssueWire, storeIssues } from "./issue-sync.js";
import { type CodeHostDeps, WEBHOOK_PATH } from "./repositories.js";

const { repositories, webhookDeliveries } = schema;
const MAX_WEBHOOK_BYTES = 5 * 1024 * 1024;

interface WebhookPayload {
  action?: string;
  repository?: { id?: number };
  issue?: GitHubIssueWire;
  pull_request?: GitHubIssueWire;
  label?: { name?: string };
  sender?: { login?: string };
}

/**
 * GitHub's deliveries: the signature is checked with the repository's own hook secret before
 * anything is read further, each delivery id is applied once (GitHub redelivers, and replays
 * are attacks), and an older state never overwrites a newer one.
 */
export async function registerWebhookRoute(app: FastifyInstance, deps: CodeHostDeps): Promise<void> {
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
      const [repository] = ghId ? await deps.db.select().from(repositories).where(eq(repositories.ghId, ghId)) : [];
      if (!repository?.encryptedHookSecret)
        return reply.code(404).send({ error: "no connected repository for this delivery" });
      const secret = deps.secretBox.open(repository.encryptedHookSecret);
      if (!signature || !(await verify(secret, raw, signature).catch(() => false))) {
        return reply.code(401).send({ error: "signature does not match" });
      }
      if (!deliveryId || deliveryId.length > 100) return reply.code(400).send({ error: "missing X-GitHub-Delivery" });

      const now = deps.now();
      const subject = event === "issues" ? payload.issue : event === "pull_request" ? payload.pull_request : undefined;
      // The boards to tell, once the delivery is stored; null for a delivery already applied.
      const audience = await deps.db.transaction(async (tx) => {
        const [first] = await tx
          .insert(webhookDeliveries)
          .values({ deliveryId, event, action: payload.action ?? null, repositoryId: repository.id, receivedAt: now })
          .onConflictDoNothing()
          .returning();
        if (!first) return null;
        let issueIds: string[] = [];
        if (subject && payload.action === "deleted") issueIds = await deleteIssue(tx, repository.id, subject.number);
        else if (subject) {
          const stored = await storeIssues(tx, repository.id, [subject], event === "pull_request", {
            source: "github",
            actorId: null,
            actorLogin: payload.sender?.login ?? null,
          });
          issueIds = stored.written;
          // Stored issues were placed when they arrived; only a new one needs a place (B4: the
          // sweep over every issue of the repository was most of a delivery's cost).
          if (stored.inserted.length > 0) await placeNewIssues(tx, repository.id, now);
          if (payload.action === "labeled" && payload.label?.name) {
            await applyPipelineLabel(tx, repository.id, subject.number, payload.label.name, now);
          }
        }
        return repositoryBoards(tx, repository.id, issueIds);
      });
      if (audience) {
        // After the commit, on its own: every delivery of a repository writes this one row, and
        // inside the transaction its lock made concurrent deliveries wait for each other's commit (B4).
        const lag = subject ? Math.max(0, now.getTime() - new Date(subject.updated_at).getTime()) : null;
        await deps.db
          .update(repositories)
          .set({ lastDeliveryAt: now, ...(lag === null ? {} : { lastDeliveryLagMs: lag }) })
          .where(eq(repositories.id, repository.id));
        await publishIssuesChanged(deps.events, audience, { actorId: null });
      }
      return reply.code(audience ? 202 : 200).send({ applied: audience !== null });
    });
  });
}
