import { type Executor, preparedStatement, schema } from "@gantry/db";
import { nativeIssuePath } from "@gantry/domain";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { openRanks } from "../board/moves.js";
import type { BoardEvent, BoardEventBus, EventBusLog } from "../events/board-events.js";
import { CLOSED_PIPELINE } from "../workspaces/default-pipelines.js";
import { type OutboundWebhookDeps, type OutboundWebhookRow, queueDelivery, type WebhookEvent } from "./service.js";

const {
  issueEvents,
  issuePositions,
  issues,
  outboundWebhookDeliveries,
  outboundWebhooks,
  pipelines,
  repositories,
  users,
  workspaces,
} = schema;

type Deps = Pick<OutboundWebhookDeps, "db" | "jobs" | "publicUrl" | "hookCache">;

interface IssueFacts {
  issue: typeof issues.$inferSelect;
  repository: typeof repositories.$inferSelect;
}

/** The fields every payload carries, named as Zenhub's webhooks name them. */
function commonFields(
  event: WebhookEvent,
  workspace: { id: string; name: string },
  facts: IssueFacts,
  publicUrl: string,
) {
  const { issue, repository } = facts;
  const workspaceId = encodeGlobalID("Workspace", workspace.id);
  return {
    type: event,
    workspace_id: workspaceId,
    workspace_name: workspace.name,
    issue_id: encodeGlobalID("Issue", issue.id),
    // A native issue's "repository" is its workspace's Gantry repository: organisation / workspace (decision 0035).
    organization: repository.ownerLogin,
    repo: repository.name,
    issue_number: issue.number,
    issue_title: issue.title,
    github_url: issue.htmlUrl ?? new URL(nativeIssuePath(workspaceId, issue.number), publicUrl).toString(),
  };
}

const actorName = (row: { name: string | null; email: string | null } | null, login: string | null) =>
  login ?? (row ? row.name || row.email?.split("@")[0] || null : null);

type Candidate = { webhookId: string; event: WebhookEvent; issueEventId: string | null; payload: string };

/**
 * Pipeline moves and estimate changes, read from the issues' timeline: every write records its
 * change there in the write's own transaction, so what is read here has committed, with its
 * before and after. An entry older than a webhook is not sent to it, and the unique index on
 * (webhook, timeline entry) makes sure no entry is sent twice however often the issue changes.
 */
async function timelineCandidates(
  deps: Deps,
  workspace: { id: string; name: string },
  hooks: OutboundWebhookRow[],
  issueIds: string[],
): Promise<Candidate[]> {
  const oldest = hooks.reduce(
    (at, hook) => (hook.createdAt < at ? hook.createdAt : at),
    hooks[0]?.createdAt ?? new Date(),
  );
  const rows = await deps.db
    .select({
      entry: issueEvents,
      issue: issues,
      repository: repositories,
      actor: { name: users.name, email: users.email },
    })
    .from(issueEvents)
    .innerJoin(issues, eq(issues.id, issueEvents.issueId))
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .leftJoin(users, eq(users.id, issueEvents.actorId))
    .where(
      and(
        inArray(issueEvents.issueId, issueIds),
        gte(issueEvents.createdAt, oldest),
        or(
          and(eq(issueEvents.field, "pipeline"), eq(issueEvents.workspaceId, workspace.id)),
          and(eq(issueEvents.field, "estimate"), isNull(issueEvents.workspaceId)),
        ),
      ),
    )
    .orderBy(asc(issueEvents.createdAt), asc(issueEvents.id));
  return rows.flatMap(({ entry, issue, repository, actor }) => {
    const event: WebhookEvent =
      entry.field === "pipeline" ? "issue_transfer" : entry.toValue === null ? "estimate_cleared" : "estimate_set";
    const body = {
      ...commonFields(event, workspace, { issue, repository }, deps.publicUrl),
      user_name: actorName(actor, entry.actorLogin),
      ...(event === "issue_transfer"
        ? { from_pipeline_name: entry.fromValue, to_pipeline_name: entry.toValue }
        : event === "estimate_set"
          ? { estimate: Number(entry.toValue) }
          : {}),
      created_at: entry.createdAt.toISOString(),
    };
    return hooks
      .filter((hook) => hook.events.includes(event) && entry.createdAt >= hook.createdAt)
      .map((hook) => ({ webhookId: hook.id, event, issueEventId: entry.id, payload: JSON.stringify(body) }));
  });
}

/**
 * Issues moved to another place in the pipeline they were in: the board says so (no timeline
 * entry records a reordering), with each issue's new index among the pipeline's open issues.
 */
async function reprioritizedCandidates(
  deps: Deps,
  workspace: { id: string; name: string },
  hooks: OutboundWebhookRow[],
  event: Extract<BoardEvent, { kind: "ISSUES_MOVED" }>,
): Promise<Candidate[]> {
  const listening = hooks.filter((hook) => hook.events.includes("issue_reprioritized"));
  if (
    listening.length === 0 ||
    event.fromPipelineId !== event.toPipelineId ||
    event.toPipelineId === CLOSED_PIPELINE.id
  )
    return [];
  const [pipeline] = await deps.db.select().from(pipelines).where(eq(pipelines.id, event.toPipelineId));
  if (!pipeline) return [];
  const [actor] = event.actorId
    ? await deps.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, event.actorId))
    : [];
  const ranks = await openRanks(deps.db, pipeline.id, []);
  const rows = await deps.db
    .select({ issue: issues, repository: repositories, rank: issuePositions.rank })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(
      and(
        eq(issuePositions.workspaceId, workspace.id),
        eq(issuePositions.pipelineId, pipeline.id),
        inArray(issuePositions.issueId, event.issueIds),
      ),
    )
    .orderBy(asc(issues.number), asc(issues.id));
  return rows.flatMap(({ issue, repository, rank }) => {
    const body = {
      ...commonFields("issue_reprioritized", workspace, { issue, repository }, deps.publicUrl),
      user_name: actorName(actor ?? null, null),
      to_pipeline_name: pipeline.name,
      to_position: ranks.indexOf(rank),
      created_at: new Date().toISOString(),
    };
    return listening.map((hook) => ({
      webhookId: hook.id,
      event: "issue_reprioritized" as const,
      issueEventId: null,
      payload: JSON.stringify(body),
    }));
  });
}

/** The issues placed in these pipelines of the workspace. */
async function issuesIn(deps: Deps, workspaceId: string, pipelineIds: string[]) {
  if (pipelineIds.length === 0) return [];
  const rows = await deps.db
    .select({ issueId: issuePositions.issueId })
    .from(issuePositions)
    .where(and(eq(issuePositions.workspaceId, workspaceId), inArray(issuePositions.pipelineId, pipelineIds)));
  return rows.map((row) => row.issueId);
}

const workspaceHooksQuery = (db: Executor) =>
  db
    .select()
    .from(outboundWebhooks)
    .where(eq(outboundWebhooks.workspaceId, sql.placeholder("workspaceId")))
    .orderBy(asc(outboundWebhooks.createdAt), asc(outboundWebhooks.id));
/**
 * The workspace's webhooks, wanted for every board event (every move): kept in the hook cache
 * while it hears every instance's changes (decision 0054), else read each time, as another
 * instance sharing the database may add or remove a webhook. Built once per database and, on
 * PostgreSQL, parsed and planned once per connection (B2, issue #14).
 */
const workspaceHooks = preparedStatement("outbound_webhooks_of_workspace", (db, name) =>
  workspaceHooksQuery(db).prepare(name),
);

/**
 * Turns a board event into deliveries for the workspace's webhooks, stores them and queues them.
 * Called after the change has committed, like every board event.
 */
export async function collectDeliveries(deps: Deps, event: BoardEvent): Promise<void> {
  const hooks = await deps.hookCache.hooksOf(event.workspaceId, () =>
    (workspaceHooks(deps.db) ?? workspaceHooksQuery(deps.db)).execute({ workspaceId: event.workspaceId }),
  );
  if (hooks.length === 0) return;
  const [workspace] = await deps.db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, event.workspaceId));
  if (!workspace) return;
  // A deleted pipeline's issues move to another in one write announced for the pipelines: read the issues there.
  const issueIds =
    event.kind === "PIPELINES_CHANGED" ? await issuesIn(deps, workspace.id, event.pipelineIds) : event.issueIds;
  if (issueIds.length === 0) return;
  const candidates = [
    ...(await timelineCandidates(deps, workspace, hooks, issueIds)),
    ...(event.kind === "ISSUES_MOVED" ? await reprioritizedCandidates(deps, workspace, hooks, event) : []),
  ];
  if (candidates.length === 0) return;
  const stored = await deps.db
    .insert(outboundWebhookDeliveries)
    .values(candidates)
    .onConflictDoNothing()
    .returning({ id: outboundWebhookDeliveries.id });
  for (const { id } of stored) await queueDelivery(deps, id);
}

/**
 * The board's event bus, with every issue event also offered to the workspace's outbound
 * webhooks, so the services that move issues and set estimates need not know webhooks exist.
 * A webhook problem is logged, never thrown: the change is stored and the board must hear of it.
 */
export function withOutboundWebhooks(bus: BoardEventBus, deps: Deps, log: EventBusLog): BoardEventBus {
  return {
    subscribe: (workspaceId) => bus.subscribe(workspaceId),
    close: () => bus.close(),
    publish: async (event) => {
      await bus.publish(event);
      try {
        await collectDeliveries(deps, event);
      } catch (error) {
        log.warn(
          { err: error instanceof Error ? error.message : String(error), kind: event.kind },
          "outbound webhooks for a board event could not be queued",
        );
      }
    },
  };
}
