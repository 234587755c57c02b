import { type Database, type Executor, schema } from "@gantry/db";
import { eq } from "drizzle-orm";
import type { CodeHostDeps } from "../codehost/repositories.js";
import type { Page, ZenhubClient } from "./client.js";
import type { OperationName } from "./operations.js";

type ZenhubImportCheckpoint = schema.ZenhubImportCheckpoint;
type ZenhubImportProgress = schema.ZenhubImportProgress;
type ZenhubImportSkip = schema.ZenhubImportSkip;

export interface ZenhubImportDeps {
  db: Database;
  codeHost: CodeHostDeps;
  zenhubApiUrl: string;
  now: () => Date;
  /** Tests wait out Retry-After faster, or count requests. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** The window of ZenHub's processing-time budget (a minute); tests shrink it with the stand-in's. */
  budgetWindowMs?: number;
}

/** The workspace as ZenHub describes it in one request (WorkspaceShape). */
export interface WorkspaceShape {
  id: string;
  name: string | null;
  zenhubRepository: { id: string } | null;
  repositoriesConnection: {
    nodes: { id: string; ghId: number; name: string; ownerName: string; estimateSet: { values: number[] } }[];
  } | null;
  pipelinesConnection: { nodes: { id: string; name: string; description: string | null; stage: string | null }[] };
  prioritiesConnection: { nodes: { id: string; name: string; color: string }[] };
  sprintConfig: {
    name: string;
    period: number;
    tzIdentifier: string;
    settings: {
      moveUnfinishedIssues: boolean;
      issuesFromPipeline: { enabled: boolean; pipelineId: string | null; totalStoryPoints: number | null };
    };
  } | null;
}

/** One import's run: who, where, the ZenHub connection, and what it has done so far. */
export interface ImportRun {
  deps: ZenhubImportDeps;
  importId: string;
  workspaceId: string;
  userId: string;
  zenhubWorkspaceId: string;
  client: ZenhubClient;
  shape: WorkspaceShape;
  progress: ZenhubImportProgress;
  skipped: ZenhubImportSkip[];
  /** Aborted when the process stops: the run ends at the next page, where it resumes later. */
  signal?: AbortSignal;
}

export function count(run: ImportRun, kind: string, done: number, total?: number): void {
  const current = run.progress[kind] ?? { done: 0, total: 0 };
  run.progress[kind] = { done, total: Math.max(total ?? current.total, done) };
}

export function skip(run: ImportRun, entry: ZenhubImportSkip): void {
  if (run.skipped.some((known) => known.kind === entry.kind && known.name === entry.name)) return;
  run.skipped.push(entry);
}

/**
 * Saves where the run is, with its progress and skips, in the caller's transaction: the writes of a
 * page and the checkpoint after it commit together, so a run killed anywhere resumes at a page
 * boundary and never writes a page twice or skips one.
 */
export async function checkpoint(executor: Executor, run: ImportRun, at: ZenhubImportCheckpoint): Promise<void> {
  run.signal?.throwIfAborted();
  await executor
    .update(schema.zenhubImports)
    .set({ checkpoint: at, progress: run.progress, skipped: run.skipped, updatedAt: run.deps.now() })
    .where(eq(schema.zenhubImports.id, run.importId));
}

/** Reads every page of a paged operation, handing each to `write` with the cursor to resume after it. */
export async function eachPage<Node>(
  run: ImportRun,
  operation: OperationName,
  pick: (data: never) => Page<Node> | null | undefined,
  from: string | null,
  write: (nodes: Node[], endCursor: string | null, totalCount: number | undefined) => Promise<void>,
  variables: Record<string, unknown> = {},
): Promise<void> {
  let after = from;
  for (;;) {
    run.signal?.throwIfAborted();
    const data = await run.client.request<never>(operation, {
      workspaceId: run.zenhubWorkspaceId,
      after,
      ...variables,
    });
    const page = pick(data);
    if (!page) return;
    await write(page.nodes, page.pageInfo.endCursor, page.totalCount);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
    after = page.pageInfo.endCursor;
  }
}
