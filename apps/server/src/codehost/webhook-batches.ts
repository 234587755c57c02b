/**
 * GitHub's deliveries in two steps. Accepting: each signature is checked with the repository's own
 * hook secret and the delivery is stored, queued, with its payload, so once GitHub has its answer
 * nothing is lost to a crash. Applying: a repository's queued deliveries are applied in arrival
 * order, up to a hundred in one transaction. Both steps take a repository's concurrent deliveries
 * together: a burst costs a handful of statements per batch instead of ten per delivery (B4:
 * per-statement work in Node was most of a delivery's cost).
 */
import { type Executor, schema } from "@gantry/db";
import { verify } from "@octokit/webhooks-methods";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { applyPipelineLabel, PIPELINE_LABEL_PREFIX } from "../board/pipeline-labels.js";
import { placeNewIssues } from "../board/placement.js";
import { type IssueAudience, publishIssuesChanged, repositoryBoards } from "../events/issue-events.js";
import { applyDependencyEvent, applySubIssueEvent, type RelationPayload } from "./github-relations.js";
import { deleteIssue, type GitHubIssueWire, type IssueWriteOrigin, storeIssues } from "./issue-sync.js";
import { type TouchedByRepository, type TransferChanges, transferIn, transferOut } from "./issue-transfer.js";
import type { CodeHostDeps } from "./repositories.js";
import {
  applyLabelEvent,
  applyMilestoneEvent,
  applyRepositoryEvent,
  type RepositoryEventPayload,
} from "./repository-events.js";

const { repositories, webhookDeliveries } = schema;
/** Deliveries per statement and per transaction at most, so one transaction's locks never wait on a whole flood. */
const MAX_BATCH = 100;

/** How each delivery about something other than one issue's fields is applied, by event. */
const APPLY_BY_EVENT: Record<
  string,
  (tx: Executor, repositoryId: string, payload: WebhookPayload) => Promise<string[]>
> = {
  repository: applyRepositoryEvent,
  label: applyLabelEvent,
  milestone: applyMilestoneEvent,
  sub_issues: (tx, _repositoryId, payload) => applySubIssueEvent(tx, payload),
  issue_dependencies: (tx, _repositoryId, payload) => applyDependencyEvent(tx, payload),
};

export interface WebhookPayload extends RepositoryEventPayload, Omit<RelationPayload, "repository"> {
  issue?: GitHubIssueWire;
  pull_request?: GitHubIssueWire;
  sender?: { login?: string };
  changes?: RepositoryEventPayload["changes"] & TransferChanges;
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

/**
 * What became of a delivery: applied; accepted and still queued; a delivery id already seen;
 * refused; or accepted and failed when applied (its reason is on the repository's sync health).
 */
export type DeliveryOutcome =
  | "applied"
  | "queued"
  | "seen"
  | "unknown repository"
  | "forged"
  | "no delivery id"
  | "failed";

/** Actions that do not change the issue, so its `updated_at` says nothing of how late the delivery is. */
const ACTIONS_WITHOUT_UPDATE = new Set(["pinned", "unpinned", "transferred", "deleted"]);

/** The issue or pull request a delivery is about, if any. */
function subjectOf({ event, payload }: VerifiedDelivery) {
  if (event === "issues") return payload.issue;
  if (event === "pull_request") return payload.pull_request;
  return undefined;
}

/** A failure's reason for people: the database's own message, never the statement or its parameters. */
export function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.startsWith("Failed query:") ? "the database refused the change" : message.slice(0, 500);
}

/**
 * Stores the deliveries' issues in arrival order. Writes of different issues go together (one
 * storeIssues per kind); a second delivery for an issue already in the group, a deletion, a
 * transfer, a pipeline label (which moves the stored issue) or a delivery about the repository
 * first writes what came before it, so each issue's versions and timeline are applied one after
 * another as if the deliveries had come singly.
 */
async function applyInOrder(tx: Executor, repositoryId: string, deliveries: VerifiedDelivery[], now: Date) {
  const touched: TouchedByRepository = new Map([[repositoryId, []]]);
  const touch = (ids: string[]) => touched.get(repositoryId)?.push(...ids);
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
      touch(stored.written);
      inserted += stored.inserted.length;
    }
    // Stored issues were placed when they arrived; only a new one needs a place.
    if (inserted > 0) await placeNewIssues(tx, repositoryId, now);
  };

  for (const delivery of deliveries) {
    const { event, payload } = delivery;
    const subject = subjectOf(delivery);
    if (!subject) {
      const apply = APPLY_BY_EVENT[event];
      if (!apply) continue; // member, issue_comment, ping: nothing on a card follows from them (decision 0062)
      await writeGroup();
      touch(await apply(tx, repositoryId, payload));
      continue;
    }
    const { action, label, sender, changes } = payload;
    if (group.has(subject.number) || action === "deleted" || action === "transferred" || changes?.old_issue)
      await writeGroup();
    if (action === "deleted") {
      touch(await deleteIssue(tx, repositoryId, subject.number));
      continue;
    }
    if (action === "transferred") {
      await transferOut(tx, repositoryId, subject.number, changes, now, touched);
      continue;
    }
    if (changes?.old_issue) await transferIn(tx, repositoryId, subject, changes, now, touched);
    group.set(subject.number, {
      wire: subject,
      isPullRequest: event === "pull_request",
      origin: { source: "github", actorId: null, actorLogin: sender?.login ?? null },
    });
    if (action === "labeled" && label?.name?.startsWith(PIPELINE_LABEL_PREFIX)) {
      await writeGroup();
      await applyPipelineLabel(tx, repositoryId, subject.number, label.name, now);
    }
  }
  await writeGroup();
  return touched;
}

/** The boards of every repository touched, each issue once per workspace. */
async function audienceOf(tx: Executor, touched: TouchedByRepository): Promise<IssueAudience> {
  const audience: IssueAudience = new Map();
  for (const [repositoryId, ids] of touched) {
    for (const [workspaceId, issueIds] of await repositoryBoards(tx, repositoryId, [...new Set(ids)])) {
      audience.set(workspaceId, [...new Set([...(audience.get(workspaceId) ?? []), ...issueIds])]);
    }
  }
  return audience;
}

/** Queued rows are read back as they were stored. */
const queuedColumns = {
  deliveryId: webhookDeliveries.deliveryId,
  event: webhookDeliveries.event,
  payload: webhookDeliveries.payload,
  receivedAt: webhookDeliveries.receivedAt,
};

/**
 * One transaction: up to `limit` of the repository's queued deliveries, oldest first, applied
 * and marked applied. A transaction-scoped advisory lock keeps two instances (or a resumed queue
 * and a fresh delivery) from applying one repository's deliveries side by side, out of order.
 */
async function applyQueued(deps: CodeHostDeps, repositoryId: string, limit: number) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gantry-webhooks:${repositoryId}`}))`);
    const rows = await tx
      .select(queuedColumns)
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.repositoryId, repositoryId), eq(webhookDeliveries.state, "queued")))
      .orderBy(asc(webhookDeliveries.seq))
      .limit(limit);
    if (rows.length === 0) return { applied: [] as VerifiedDelivery[], audience: new Map() as IssueAudience };
    const applied = rows.map((row) => ({ ...row, payload: row.payload as WebhookPayload }));
    const touched = await applyInOrder(tx, repositoryId, applied, now);
    await tx
      .update(webhookDeliveries)
      .set({ state: "applied", payload: null })
      .where(
        inArray(
          webhookDeliveries.deliveryId,
          rows.map((row) => row.deliveryId),
        ),
      );
    return { applied, audience: await audienceOf(tx, touched) };
  });
}

/** After the commit: the repository's sync status, then the boards. */
async function announce(
  deps: CodeHostDeps,
  repositoryId: string,
  { applied, audience }: Awaited<ReturnType<typeof applyQueued>>,
) {
  const last = applied.at(-1);
  if (!last) return;
  const timed = applied.filter((delivery) => !ACTIONS_WITHOUT_UPDATE.has(delivery.payload.action ?? ""));
  const lastSubject = timed.map(subjectOf).findLast((subject) => subject !== undefined);
  const lag = lastSubject ? Math.max(0, last.receivedAt.getTime() - new Date(lastSubject.updated_at).getTime()) : null;
  // Outside the transaction: every delivery of a repository writes this one row, and holding its
  // lock made concurrent deliveries wait for each other's commit (B4).
  await deps.db
    .update(repositories)
    .set({ lastDeliveryAt: last.receivedAt, ...(lag === null || Number.isNaN(lag) ? {} : { lastDeliveryLagMs: lag }) })
    .where(eq(repositories.id, repositoryId));
  await publishIssuesChanged(deps.events, audience, { actorId: null });
}

/** A delivery that cannot be applied keeps its payload and reason, and the repository's sync health shows it. */
async function markFailed(deps: CodeHostDeps, repositoryId: string, error: unknown) {
  const [first] = await deps.db
    .select({
      deliveryId: webhookDeliveries.deliveryId,
      event: webhookDeliveries.event,
      action: webhookDeliveries.action,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.repositoryId, repositoryId), eq(webhookDeliveries.state, "queued")))
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
  if (!first) return null;
  const reason = reasonOf(error);
  deps.log?.error({ repositoryId, deliveryId: first.deliveryId, err: reason }, "GitHub delivery could not be applied");
  await deps.db
    .update(webhookDeliveries)
    .set({ state: "failed", error: reason })
    .where(eq(webhookDeliveries.deliveryId, first.deliveryId));
  const kind = [first.event, first.action].filter(Boolean).join(".");
  await deps.db
    .update(repositories)
    .set({
      lastSyncError: `GitHub's ${kind} delivery ${first.deliveryId} could not be applied: ${reason}`,
      lastSyncErrorAt: deps.now(),
    })
    .where(eq(repositories.id, repositoryId));
  return first.deliveryId;
}

interface Waiting {
  delivery: ReceivedDelivery;
  settle: (outcome: DeliveryOutcome) => void;
  fail: (error: unknown) => void;
}

/**
 * Accepts deliveries for one GitHub repository id, one batch at a time per repository on this
 * instance, each with every delivery that arrived while the last one ran, and applies what it
 * accepted. `apply` answers once the delivery has been applied (or has failed); the route bounds
 * how long it waits, since the delivery is safe once accepted. `resume` applies what an earlier
 * process accepted and did not apply.
 */
export function createWebhookApplier(deps: CodeHostDeps) {
  const accepting = new Map<number, Waiting[]>();
  /** Requests waiting for their delivery to be applied, by delivery id. */
  const awaiting = new Map<string, (outcome: DeliveryOutcome) => void>();
  /** Repositories whose queue is being applied, and those with more queued since it started. */
  const working = new Map<string, Promise<void>>();
  const again = new Set<string>();

  const settleApplied = (deliveryId: string, outcome: DeliveryOutcome) => {
    awaiting.get(deliveryId)?.(outcome);
    awaiting.delete(deliveryId);
  };

  /** Applies the repository's queue until it is empty; `working` is cleared in the same turn as the last look. */
  async function work(repositoryId: string) {
    // After a batch fails, deliveries go one at a time, so the one that cannot be applied fails alone.
    let limit = MAX_BATCH;
    for (;;) {
      again.delete(repositoryId);
      let outcome: Awaited<ReturnType<typeof applyQueued>>;
      try {
        outcome = await applyQueued(deps, repositoryId, limit);
      } catch (error) {
        if (limit > 1) {
          limit = 1;
          continue;
        }
        const failed = await markFailed(deps, repositoryId, error);
        if (failed !== null) settleApplied(failed, "failed");
        continue;
      }
      if (outcome.applied.length === 0 && !again.has(repositoryId)) {
        working.delete(repositoryId);
        return;
      }
      await announce(deps, repositoryId, outcome);
      for (const delivery of outcome.applied) settleApplied(delivery.deliveryId, "applied");
    }
  }

  function kick(repositoryId: string) {
    if (working.has(repositoryId)) {
      again.add(repositoryId);
      return;
    }
    const running = work(repositoryId).catch((error: unknown) => {
      working.delete(repositoryId);
      deps.log?.error(
        { repositoryId, err: reasonOf(error) },
        "GitHub deliveries stalled; they are applied at the next start",
      );
    });
    working.set(repositoryId, running);
  }

  async function accept(ghId: number, batch: Waiting[]) {
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
    // One row per id: the same id twice in a batch is a replay (and one statement may not upsert a row twice).
    const ids = new Set<string>();
    const firsts = verified.filter(({ delivery: { deliveryId } }) => !ids.has(deliveryId) && ids.add(deliveryId));
    // A redelivery of a delivery that failed is queued again; any other id already seen is not.
    const recorded = await deps.db
      .insert(webhookDeliveries)
      .values(
        firsts.map(({ delivery: { deliveryId, event, payload, receivedAt } }) => ({
          deliveryId,
          event,
          action: payload.action ?? null,
          repositoryId: repository.id,
          receivedAt,
          state: "queued" as const,
          payload,
        })),
      )
      .onConflictDoUpdate({
        target: webhookDeliveries.deliveryId,
        set: { state: "queued", payload: sql`excluded.payload`, error: null, receivedAt: sql`excluded.received_at` },
        setWhere: eq(webhookDeliveries.state, "failed"),
      })
      .returning({ deliveryId: webhookDeliveries.deliveryId });
    const fresh = new Set(recorded.map((row) => row.deliveryId));
    for (const waiting of verified) {
      const { deliveryId } = waiting.delivery;
      // The same id twice in one batch was recorded once; the second is a replay.
      if (fresh.delete(deliveryId)) awaiting.set(deliveryId, waiting.settle);
      else waiting.settle("seen");
    }
    kick(repository.id);
  }

  async function drain(ghId: number, queue: Waiting[]) {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      await accept(ghId, batch).catch((error: unknown) => {
        for (const waiting of batch) waiting.fail(error);
      });
    }
    accepting.delete(ghId);
  }

  return {
    apply(ghId: number, delivery: ReceivedDelivery): Promise<DeliveryOutcome> {
      return new Promise((settle, fail) => {
        const queue = accepting.get(ghId);
        if (queue) {
          queue.push({ delivery, settle, fail });
          return;
        }
        const started = [{ delivery, settle, fail }];
        accepting.set(ghId, started);
        void drain(ghId, started);
      });
    },

    /** Applies deliveries an earlier process accepted but did not apply (it stopped or crashed). */
    async resume(): Promise<void> {
      const queued = await deps.db
        .selectDistinct({ repositoryId: webhookDeliveries.repositoryId })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.state, "queued"));
      for (const { repositoryId } of queued) if (repositoryId) kick(repositoryId);
    },

    /** Resolves when every repository's queue has been applied as far as it goes. */
    async settled(): Promise<void> {
      while (working.size > 0) await Promise.allSettled([...working.values()]);
    },
  };
}
