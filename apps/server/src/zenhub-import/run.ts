import { schema } from "@gantry/db";
import { and, eq, lt, ne, or } from "drizzle-orm";
import type { SecretBox } from "../crypto/secret-box.js";
import type { BoardEventBus } from "../events/board-events.js";
import { publishWholeBoardChanged } from "../events/issue-events.js";
import { type ClaimCheck, claimantHasEnded, claimantText, THIS_PROCESS } from "./claimant.js";
import { createZenhubClient, ZenhubError } from "./client.js";
import type { ImportRun, WorkspaceShape, ZenhubImportDeps } from "./context.js";
import { importIssues, importLinks } from "./issue-stage.js";
import { importDependencies, importEpics, importReleases, importSprints } from "./plan-stages.js";
import { importPipelines, importPrioritiesAndEstimates, importRepositories } from "./setup-stages.js";

const { zenhubImports } = schema;

export const UNREADABLE_WORKSPACE =
  "This ZenHub API key cannot read that ZenHub workspace. Check that the key's owner is a member of it.";

/** The stages in order; a run starts at the one its checkpoint names. */
export const STAGES = [
  "repositories",
  "pipelines",
  "priorities",
  "issues",
  "links",
  "epics",
  "githubEpics",
  "dependencies",
  "sprints",
  "releases",
  "done",
] as const;

/** A run that has not saved progress for this long is taken to have died with its process. */
export const CLAIM_MS = 2 * 60_000;

export interface RunDeps extends ZenhubImportDeps {
  secretBox: SecretBox;
  events: BoardEventBus;
  /** CLAIM_MS unless configured (ZENHUB_IMPORT_CLAIM_SECONDS); tests of a killed process shorten it. */
  claimMs?: number;
  /**
   * Who claims imports here, and what this process can know of other claimants (claimant.ts); by
   * default this process, on a database other processes may share.
   */
  claims?: ClaimCheck;
}

/** What a call did: ran the import (to its end, a stop or a failure), found it held by a run saving progress since `since`, or found nothing to run. */
export type RunOutcome = { kind: "ran" } | { kind: "held"; since: Date } | { kind: "nothing" };

type Claim = { kind: "claimed"; row: typeof zenhubImports.$inferSelect } | Exclude<RunOutcome, { kind: "ran" }>;

/**
 * Claims the import for this process: one that is not running, or whose run stopped saving progress
 * a claim window ago, or whose claimant has certainly ended (a restart on the same host or database
 * need not wait the window out).
 */
async function claim(deps: RunDeps, importId: string): Promise<Claim> {
  const claims = deps.claims ?? { self: THIS_PROCESS, databaseIsThisProcess: false };
  const now = deps.now();
  const claimed = { state: "running" as const, error: null, updatedAt: now, claimedBy: claimantText(claims.self) };
  const [row] = await deps.db
    .update(zenhubImports)
    .set(claimed)
    .where(
      and(
        eq(zenhubImports.id, importId),
        or(
          and(ne(zenhubImports.state, "running"), ne(zenhubImports.state, "done")),
          lt(zenhubImports.updatedAt, new Date(now.getTime() - (deps.claimMs ?? CLAIM_MS))),
        ),
      ),
    )
    .returning();
  if (row) return { kind: "claimed", row };
  const [held] = await deps.db
    .select({ state: zenhubImports.state, updatedAt: zenhubImports.updatedAt, claimedBy: zenhubImports.claimedBy })
    .from(zenhubImports)
    .where(eq(zenhubImports.id, importId));
  if (held?.state !== "running") return { kind: "nothing" };
  if (!held.claimedBy || !claimantHasEnded(held.claimedBy, claims)) return { kind: "held", since: held.updatedAt };
  // The ended claimant's claim, taken only if nobody took it first.
  const [takenOver] = await deps.db
    .update(zenhubImports)
    .set(claimed)
    .where(
      and(
        eq(zenhubImports.id, importId),
        eq(zenhubImports.state, "running"),
        eq(zenhubImports.claimedBy, held.claimedBy),
      ),
    )
    .returning();
  return takenOver ? { kind: "claimed", row: takenOver } : { kind: "held", since: held.updatedAt };
}

/**
 * Runs (or resumes) one import from its checkpoint to the end. Only one process runs an import at a
 * time: it claims the row, and a claim is free again once the run ends or stops saving progress.
 * A refused key or unreadable workspace fails the import for good and forgets the key; anything
 * else is recorded with its stage and thrown, so the job is retried and resumes where it stopped.
 */
export async function runZenhubImport(deps: RunDeps, importId: string, signal?: AbortSignal): Promise<RunOutcome> {
  const claimed = await claim(deps, importId);
  if (claimed.kind !== "claimed") return claimed;
  const { row } = claimed;
  if (!row.sealedApiKey || !row.startedBy) return { kind: "nothing" };
  const client = createZenhubClient({
    endpoint: deps.zenhubApiUrl,
    apiKey: deps.secretBox.open(row.sealedApiKey),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    ...(deps.budgetWindowMs ? { budgetWindowMs: deps.budgetWindowMs } : {}),
  });
  let stage = row.checkpoint.stage;
  try {
    const { workspace } = await client.request<{ workspace: WorkspaceShape | null }>("WorkspaceShape", {
      workspaceId: row.zenhubWorkspaceId,
    });
    if (!workspace) throw new ZenhubError(UNREADABLE_WORKSPACE, true);
    const run: ImportRun = {
      deps,
      importId,
      workspaceId: row.workspaceId,
      userId: row.startedBy,
      zenhubWorkspaceId: row.zenhubWorkspaceId,
      client,
      shape: workspace,
      progress: row.progress,
      skipped: row.skipped,
      ...(signal ? { signal } : {}),
    };
    const at = () => loadCheckpoint(deps, importId);
    for (;;) {
      const checkpoint = await at();
      stage = checkpoint.stage;
      if (stage === "done") break;
      if (stage === "repositories") await importRepositories(run);
      else if (stage === "pipelines") await importPipelines(run);
      else if (stage === "priorities") await importPrioritiesAndEstimates(run);
      else if (stage === "issues") await importIssues(run, checkpoint);
      else if (stage === "links") await importLinks(run);
      else if (stage === "epics" || stage === "githubEpics") await importEpics(run, checkpoint);
      else if (stage === "dependencies") await importDependencies(run, checkpoint);
      else if (stage === "sprints") await importSprints(run, checkpoint);
      else if (stage === "releases") await importReleases(run, checkpoint);
      else throw new Error(`unknown stage ${stage}`);
    }
    await deps.db
      .update(zenhubImports)
      .set({ state: "done", sealedApiKey: null, finishedAt: deps.now(), updatedAt: deps.now() })
      .where(eq(zenhubImports.id, importId));
    await publishWholeBoardChanged(deps.events, row.workspaceId, row.startedBy);
    return { kind: "ran" };
  } catch (error) {
    // A stop (the process shutting down) leaves the row as it is: the next start resumes it.
    if (signal?.aborted) throw error;
    const permanent = error instanceof ZenhubError && error.permanent;
    const reason = error instanceof Error ? error.message : String(error);
    await deps.db
      .update(zenhubImports)
      .set({
        state: "failed",
        error: `Stopped while importing ${stage}: ${reason}`,
        updatedAt: deps.now(),
        ...(permanent ? { sealedApiKey: null, finishedAt: deps.now() } : {}),
      })
      .where(eq(zenhubImports.id, importId));
    if (!permanent) throw error;
    return { kind: "ran" };
  }
}

async function loadCheckpoint(deps: ZenhubImportDeps, importId: string): Promise<schema.ZenhubImportCheckpoint> {
  const [row] = await deps.db
    .select({ checkpoint: zenhubImports.checkpoint })
    .from(zenhubImports)
    .where(eq(zenhubImports.id, importId));
  if (!row) throw new Error(`import ${importId} vanished`);
  return row.checkpoint;
}
