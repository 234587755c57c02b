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
import { and, asc, eq, sql } from "drizzle-orm";
import { applyPipelineLabel, PIPELINE_LABEL_PREFIX } from "../board/pipeline-labels.js";
import { placeNewIssues } from "../board/placement.js";
import { type IssueAudience, publishIssuesChanged, repositoryBoards } from "../events/issue-events.js";
import { applyDependencyEvent, applySubIssueEvent, type RelationPayload } from "./github-relations.js";
import { deleteIssue, type GitHubIssueWire, type IssueWriteOrigin, storeIssues } from "./issue-sync.js";
import {
  lockTransfers,
  type TouchedByRepository,
  type TransferChanges,
  transferIn,
  transferOut,
} from "./issue-transfer.js";
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

/** A delivery as it arrived: the signature covers the exact bytes of `raw`; `json` is the payload's text. */
export interface ReceivedDelivery extends VerifiedDelivery {
  raw: string;
  json: string;
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

/** A verified delivery with its payload's JSON text, for storing should it have to wait. */
export interface AcceptedDelivery extends VerifiedDelivery {
  json: string;
}

/**
 * One transaction, under a per-repository advisory lock (so two instances never apply one
 * repository's deliveries side by side, out of order): first the deliveries stored as queued
 * (left by a process that stopped, or stored while their answer could not wait), then `fresh`,
 * each recorded as applied in the same commit (one commit per batch, as GitHub's answer waits
 * on it). A delivery id already applied is not applied again.
 */
async function applyBatch(deps: CodeHostDeps, repositoryId: string, fresh: AcceptedDelivery[], withStored: boolean) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gantry-webhooks:${repositoryId}`}))`);
    const stored = withStored
      ? await tx
          .update(webhookDeliveries)
          .set({ state: "applied", payload: null })
          .from(
            sql`(select ${webhookDeliveries.deliveryId} as id, ${webhookDeliveries.payload} as queued_payload
              from ${webhookDeliveries}
              where ${webhookDeliveries.repositoryId} = ${repositoryId} and ${webhookDeliveries.state} = 'queued'
              order by ${webhookDeliveries.seq} limit ${MAX_BATCH} for update) as queued`,
          )
          .where(sql`${webhookDeliveries.deliveryId} = queued.id`)
          .returning({
            deliveryId: webhookDeliveries.deliveryId,
            event: webhookDeliveries.event,
            receivedAt: webhookDeliveries.receivedAt,
            seq: webhookDeliveries.seq,
            payload: sql<string>`queued.queued_payload`,
          })
      : [];
    // A delivery stored as queued, or one that failed and came again, is applied now; any other id was applied before.
    const recorded = fresh.length
      ? await tx
          .insert(webhookDeliveries)
          .values(
            fresh.map(({ deliveryId, event, payload, receivedAt }) => ({
              deliveryId,
              event,
              action: payload.action ?? null,
              repositoryId,
              receivedAt,
              state: "applied" as const,
            })),
          )
          .onConflictDoUpdate({
            target: webhookDeliveries.deliveryId,
            set: { state: "applied", payload: null, error: null },
            setWhere: sql`${webhookDeliveries.state} in ('queued', 'failed')`,
          })
          .returning({ deliveryId: webhookDeliveries.deliveryId })
      : [];
    const firstTime = new Set(recorded.map((row) => row.deliveryId));
    const applied = [
      ...stored
        .sort((a, b) => a.seq - b.seq)
        .map(({ deliveryId, event, receivedAt, payload }) => ({
          deliveryId,
          event,
          receivedAt,
          json: payload,
          payload: JSON.parse(payload) as WebhookPayload,
        })),
      ...fresh.filter(({ deliveryId }) => firstTime.delete(deliveryId)),
    ];
    await lockTransfers(tx, applied);
    const touched = await applyInOrder(tx, repositoryId, applied, now);
    return { applied, audience: await audienceOf(tx, touched) };
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

/** A delivery that cannot be applied is stored with its payload and reason, and the repository's sync health shows it. */
async function markFailed(deps: CodeHostDeps, repositoryId: string, delivery: AcceptedDelivery, error: unknown) {
  const reason = reasonOf(error);
  deps.log?.error(
    { repositoryId, deliveryId: delivery.deliveryId, err: reason },
    "GitHub delivery could not be applied",
  );
  const failed = { state: "failed" as const, payload: delivery.json, error: reason };
  await deps.db
    .insert(webhookDeliveries)
    .values({
      deliveryId: delivery.deliveryId,
      event: delivery.event,
      action: delivery.payload.action ?? null,
      repositoryId,
      receivedAt: delivery.receivedAt,
      ...failed,
    })
    .onConflictDoUpdate({ target: webhookDeliveries.deliveryId, set: failed });
  const kind = [delivery.event, delivery.payload.action].filter(Boolean).join(".");
  await deps.db
    .update(repositories)
    .set({
      lastSyncError: `GitHub's ${kind} delivery ${delivery.deliveryId} could not be applied: ${reason}`,
      lastSyncErrorAt: deps.now(),
    })
    .where(eq(repositories.id, repositoryId));
}

interface Waiting {
  delivery: ReceivedDelivery;
  settle: (outcome: DeliveryOutcome) => void;
  fail: (error: unknown) => void;
}

/**
 * Accepts deliveries for one GitHub repository id, one batch at a time per repository on this
 * instance, each with every delivery that arrived while the last one ran, and applies them in
 * arrival order. `apply` answers once the delivery has been applied (or has failed); should that
 * take too long for GitHub's answer, `store` keeps the delivery as queued first, so the answer may
 * go out before it is applied. `resume` applies what an earlier process stored and did not apply.
 */
export function createWebhookApplier(deps: CodeHostDeps) {
  const accepting = new Map<number, Waiting[]>();
  /** Verified deliveries waiting for their repository's next batch, in arrival order. */
  const pending = new Map<string, AcceptedDelivery[]>();
  /** Requests waiting for their delivery to be applied, by delivery id. */
  const awaiting = new Map<string, (outcome: DeliveryOutcome) => void>();
  /** Repositories whose batches are being applied, those with more since, and those with stored queued deliveries. */
  const working = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const storedQueued = new Set<string>();

  const settle = (deliveryId: string, outcome: DeliveryOutcome) => {
    awaiting.get(deliveryId)?.(outcome);
    awaiting.delete(deliveryId);
  };

  /** Applies the repository's deliveries until none wait; `working` is cleared in the same turn as the last look. */
  async function work(repositoryId: string) {
    for (;;) {
      again.delete(repositoryId);
      const waiting = pending.get(repositoryId) ?? [];
      const withStored = storedQueued.delete(repositoryId);
      if (waiting.length === 0 && !withStored) {
        working.delete(repositoryId);
        return;
      }
      const batch = waiting.splice(0, MAX_BATCH);
      let outcome: Awaited<ReturnType<typeof applyBatch>>;
      try {
        outcome = await applyBatch(deps, repositoryId, batch, withStored);
      } catch {
        // One at a time, so the delivery that cannot be applied fails alone.
        await applyOneByOne(repositoryId, batch, withStored);
        continue;
      }
      await finish(repositoryId, batch, outcome);
    }
  }

  async function finish(
    repositoryId: string,
    batch: AcceptedDelivery[],
    outcome: Awaited<ReturnType<typeof applyBatch>>,
  ) {
    if (outcome.applied.length === MAX_BATCH) storedQueued.add(repositoryId);
    await announce(deps, repositoryId, outcome);
    const applied = new Set(outcome.applied.map((delivery) => delivery.deliveryId));
    for (const { deliveryId } of batch) settle(deliveryId, applied.has(deliveryId) ? "applied" : "seen");
    for (const deliveryId of applied) settle(deliveryId, "applied");
  }

  async function applyOneByOne(repositoryId: string, batch: AcceptedDelivery[], withStored: boolean) {
    if (withStored) {
      // Stored ones first, alone; one that keeps failing is marked failed from its row.
      await applyBatch(deps, repositoryId, [], true).then(
        (outcome) => finish(repositoryId, [], outcome),
        (error: unknown) => failStored(repositoryId, error),
      );
    }
    for (const delivery of batch) {
      await applyBatch(deps, repositoryId, [delivery], false).then(
        (outcome) => finish(repositoryId, [delivery], outcome),
        async (error: unknown) => {
          await markFailed(deps, repositoryId, delivery, error);
          settle(delivery.deliveryId, "failed");
        },
      );
    }
  }

  /** The oldest stored queued delivery, failing alone, is marked failed so the rest can go on. */
  async function failStored(repositoryId: string, error: unknown) {
    const [oldest] = await deps.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.repositoryId, repositoryId), eq(webhookDeliveries.state, "queued")))
      .orderBy(asc(webhookDeliveries.seq))
      .limit(1);
    if (!oldest) return;
    const payload = JSON.parse(oldest.payload ?? "{}") as WebhookPayload;
    await markFailed(deps, repositoryId, { ...oldest, payload, json: oldest.payload ?? "{}" }, error);
    settle(oldest.deliveryId, "failed");
    storedQueued.add(repositoryId);
  }

  function kick(repositoryId: string) {
    if (working.has(repositoryId)) {
      again.add(repositoryId);
      return;
    }
    // Started on the next tick, so a run that finds nothing to do clears the entry set here, not before it.
    const running = Promise.resolve()
      .then(() => work(repositoryId))
      .catch((error: unknown) => {
        working.delete(repositoryId);
        deps.log?.error({ repositoryId, err: reasonOf(error) }, "GitHub deliveries stalled");
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
    const queue = pending.get(repository.id) ?? [];
    pending.set(repository.id, queue);
    batch.forEach((waiting, index) => {
      const { deliveryId, event, payload, json, receivedAt } = waiting.delivery;
      if (!signed[index]) waiting.settle("forged");
      else if (!deliveryId || deliveryId.length > 100) waiting.settle("no delivery id");
      // The same id again while the first is on its way is a replay.
      else if (awaiting.has(deliveryId)) waiting.settle("seen");
      else {
        awaiting.set(deliveryId, waiting.settle);
        queue.push({ deliveryId, event, payload, json, receivedAt });
      }
    });
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

    /**
     * Keeps a delivery still waiting to be applied as queued, with its payload, so it survives a
     * stop; answers whether it was stored (false: it was applied, or stored, meanwhile).
     */
    async store(deliveryId: string): Promise<boolean> {
      for (const [repositoryId, queue] of pending) {
        const index = queue.findIndex((delivery) => delivery.deliveryId === deliveryId);
        const delivery = queue[index];
        if (!delivery) continue;
        // Inserted by a batch under way, the row makes this wait for that batch's commit, and then conflict.
        const stored = await deps.db
          .insert(webhookDeliveries)
          .values({
            deliveryId,
            event: delivery.event,
            action: delivery.payload.action ?? null,
            repositoryId,
            receivedAt: delivery.receivedAt,
            state: "queued",
            payload: delivery.json,
          })
          .onConflictDoNothing()
          .returning({ deliveryId: webhookDeliveries.deliveryId });
        if (stored.length === 0) return false;
        const still = queue.indexOf(delivery);
        if (still >= 0) queue.splice(still, 1);
        storedQueued.add(repositoryId);
        kick(repositoryId);
        return true;
      }
      return false;
    },

    /** Applies deliveries an earlier process stored as queued but did not apply (it stopped or crashed). */
    async resume(): Promise<void> {
      const queued = await deps.db
        .selectDistinct({ repositoryId: webhookDeliveries.repositoryId })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.state, "queued"));
      for (const { repositoryId } of queued) {
        if (!repositoryId) continue;
        storedQueued.add(repositoryId);
        kick(repositoryId);
      }
    },

    /** Resolves when every repository's deliveries have been applied as far as they go. */
    async settled(): Promise<void> {
      while (working.size > 0) await Promise.allSettled([...working.values()]);
    },
  };
}
