/**
 * Applying GitHub's deliveries, a repository's concurrent ones together: while one batch runs,
 * the deliveries that arrive wait and then go in the next, so a burst costs a handful of
 * statements per batch (the repository and its hook secret read once, one transaction) instead
 * of ten per delivery (B4: per-statement work in Node was most of a delivery's cost).
 */
import { type Executor, schema } from "@gantry/db";
import { verify } from "@octokit/webhooks-methods";
import { eq } from "drizzle-orm";
import { applyPipelineLabel, PIPELINE_LABEL_PREFIX } from "../board/pipeline-labels.js";
import { placeNewIssues } from "../board/placement.js";
import { publishIssuesChanged, repositoryBoards } from "../events/issue-events.js";
import { deleteIssue, type GitHubIssueWire, type IssueWriteOrigin, storeIssues } from "./issue-sync.js";
import type { CodeHostDeps } from "./repositories.js";

const { repositories, webhookDeliveries } = schema;
/** Deliveries per transaction at most, so one transaction's locks and answers never wait on a whole flood. */
const MAX_BATCH = 100;

export interface WebhookPayload {
  action?: string;
  repository?: { id?: number };
  issue?: GitHubIssueWire;
  pull_request?: GitHubIssueWire;
  label?: { name?: string };
  sender?: { login?: string };
}

/** A delivery whose signature matched its repository's hook secret. */
interface VerifiedDelivery {
  deliveryId: string;
  event: string;
  payload: WebhookPayload;
  receivedAt: Date;
}

/** A delivery as it arrived: the signature covers the exact bytes of `raw`. */
export interface ReceivedDelivery extends VerifiedDelivery {
  raw: string;
  signature: string;
}

/** What became of a delivery: applied, a delivery id already seen, or refused. */
export type DeliveryOutcome = "applied" | "seen" | "unknown repository" | "forged" | "no delivery id";

/** The issue or pull request a delivery is about, if any. */
function subjectOf({ event, payload }: VerifiedDelivery) {
  if (event === "issues") return payload.issue;
  if (event === "pull_request") return payload.pull_request;
  return undefined;
}

/**
 * Stores the deliveries' issues in arrival order. Writes of different issues go together (one
 * storeIssues per kind); a second delivery for an issue already in the group, a deletion, or a
 * pipeline label (which moves the stored issue) first writes what came before it, so each issue's
 * versions and timeline are applied one after another as if the deliveries had come singly.
 */
async function applyInOrder(tx: Executor, repositoryId: string, deliveries: VerifiedDelivery[], now: Date) {
  const touched: string[] = [];
  let group = new Map<number, { wire: GitHubIssueWire; isPullRequest: boolean; origin: IssueWriteOrigin }>();
  const writeGroup = async () => {
    const pending = [...group.values()];
    group = new Map();
    let inserted = 0;
    for (const isPullRequest of [false, true]) {
      const wires = pending.filter((entry) => entry.isPullRequest === isPullRequest);
      if (wires.length === 0) continue;
      const origins = new Map(wires.map((entry) => [entry.wire.number, entry.origin]));
      const stored = await storeIssues(
        tx,
        repositoryId,
        wires.map((entry) => entry.wire),
        isPullRequest,
        (number) => origins.get(number) as IssueWriteOrigin,
      );
      touched.push(...stored.written);
      inserted += stored.inserted.length;
    }
    // Stored issues were placed when they arrived; only a new one needs a place.
    if (inserted > 0) await placeNewIssues(tx, repositoryId, now);
  };

  for (const delivery of deliveries) {
    const subject = subjectOf(delivery);
    if (!subject) continue;
    const { action, label, sender } = delivery.payload;
    if (group.has(subject.number) || action === "deleted") await writeGroup();
    if (action === "deleted") {
      touched.push(...(await deleteIssue(tx, repositoryId, subject.number)));
      continue;
    }
    group.set(subject.number, {
      wire: subject,
      isPullRequest: delivery.event === "pull_request",
      origin: { source: "github", actorId: null, actorLogin: sender?.login ?? null },
    });
    if (action === "labeled" && label?.name?.startsWith(PIPELINE_LABEL_PREFIX)) {
      await writeGroup();
      await applyPipelineLabel(tx, repositoryId, subject.number, label.name, now);
    }
  }
  await writeGroup();
  return [...new Set(touched)];
}

/**
 * One transaction for the batch: each delivery id is recorded once (a redelivery, or the same id
 * twice in the batch, applies nothing), then the new ones are applied. Answers the delivery ids
 * applied and the boards to tell.
 */
async function applyBatch(deps: CodeHostDeps, repositoryId: string, batch: VerifiedDelivery[]) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(webhookDeliveries)
      .values(
        batch.map(({ deliveryId, event, payload, receivedAt }) => ({
          deliveryId,
          event,
          action: payload.action ?? null,
          repositoryId,
          receivedAt,
        })),
      )
      .onConflictDoNothing()
      .returning({ deliveryId: webhookDeliveries.deliveryId });
    const fresh = new Set(recorded.map((row) => row.deliveryId));
    const claimed = new Set<string>();
    const applied = batch.filter(({ deliveryId }) => {
      if (!fresh.has(deliveryId) || claimed.has(deliveryId)) return false;
      claimed.add(deliveryId);
      return true;
    });
    const issueIds = await applyInOrder(tx, repositoryId, applied, now);
    return { applied, audience: await repositoryBoards(tx, repositoryId, issueIds) };
  });
}

/** After the commit: the repository's sync status, then the boards. */
async function announce(
  deps: CodeHostDeps,
  repositoryId: string,
  { applied, audience }: Awaited<ReturnType<typeof applyBatch>>,
) {
  const last = applied.at(-1);
  if (!last) return;
  const lastSubject = applied.map(subjectOf).findLast((subject) => subject !== undefined);
  const lag = lastSubject ? Math.max(0, last.receivedAt.getTime() - new Date(lastSubject.updated_at).getTime()) : null;
  // Outside the transaction: every delivery of a repository writes this one row, and holding its
  // lock made concurrent deliveries wait for each other's commit (B4).
  await deps.db
    .update(repositories)
    .set({ lastDeliveryAt: last.receivedAt, ...(lag === null ? {} : { lastDeliveryLagMs: lag }) })
    .where(eq(repositories.id, repositoryId));
  await publishIssuesChanged(deps.events, audience, { actorId: null });
}

interface Waiting {
  delivery: ReceivedDelivery;
  settle: (outcome: DeliveryOutcome) => void;
  fail: (error: unknown) => void;
}

/**
 * Applies deliveries for one GitHub repository id, one batch at a time per repository on this
 * instance, each with every delivery that arrived while the last one ran. Each signature is
 * checked with the repository's own hook secret before anything else is done with it.
 * `apply` answers once the delivery's transaction has committed and its boards were told. A batch
 * that fails is retried one delivery at a time, so one bad delivery fails alone.
 */
export function createWebhookApplier(deps: CodeHostDeps) {
  const queues = new Map<number, Waiting[]>();

  async function run(ghId: number, batch: Waiting[]) {
    const [repository] = await deps.db
      .select({ id: repositories.id, encryptedHookSecret: repositories.encryptedHookSecret })
      .from(repositories)
      .where(eq(repositories.ghId, ghId));
    if (!repository?.encryptedHookSecret) {
      for (const waiting of batch) waiting.settle("unknown repository");
      return;
    }
    const secret = deps.secretBox.open(repository.encryptedHookSecret);
    const signed = await Promise.all(
      batch.map(({ delivery }) => verify(secret, delivery.raw, delivery.signature).catch(() => false)),
    );
    const verified: Waiting[] = [];
    batch.forEach((waiting, index) => {
      const { deliveryId } = waiting.delivery;
      if (!signed[index]) waiting.settle("forged");
      else if (!deliveryId || deliveryId.length > 100) waiting.settle("no delivery id");
      else verified.push(waiting);
    });
    if (verified.length === 0) return;
    const outcome = await applyBatch(
      deps,
      repository.id,
      verified.map((waiting) => waiting.delivery),
    );
    await announce(deps, repository.id, outcome);
    const applied = new Set<VerifiedDelivery>(outcome.applied);
    for (const waiting of verified) waiting.settle(applied.has(waiting.delivery) ? "applied" : "seen");
  }

  async function drain(ghId: number, queue: Waiting[]) {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        await run(ghId, batch);
      } catch (error) {
        if (batch.length === 1) batch[0]?.fail(error);
        else for (const waiting of batch) await run(ghId, [waiting]).catch((alone: unknown) => waiting.fail(alone));
      }
    }
    queues.delete(ghId);
  }

  return {
    apply(ghId: number, delivery: ReceivedDelivery): Promise<DeliveryOutcome> {
      return new Promise((settle, fail) => {
        const queue = queues.get(ghId);
        if (queue) {
          queue.push({ delivery, settle, fail });
          return;
        }
        const started = [{ delivery, settle, fail }];
        queues.set(ghId, started);
        void drain(ghId, started);
      });
    },
  };
}
