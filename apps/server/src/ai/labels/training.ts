import { type Database, type Executor, schema } from "@gantry/db";
import { type LabelledIssue, type LabelModel, labelModelSteps } from "@gantry/domain";
import { and, desc, sql } from "drizzle-orm";
import { z } from "zod";
import { workspaceIssues } from "../../board/queries.js";
import type { JobQueue } from "../../jobs/background.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { isPipelineLabel, plainLabelName } from "./label-names.js";

const { aiLabelModels, issues } = schema;

export const AI_LABEL_TRAINING_QUEUE = "ai-label-training";

/**
 * The most recently updated labelled issues a model learns from: enough to know a workspace's
 * habits, few enough that training stays well under a second or two (bench/ai-labels.ts).
 */
export const TRAINING_ISSUES = 2000;

/**
 * Which state of the workspace's issues a model learnt from. Labelling, unlabelling or editing
 * any issue moves `updated_at`, a new or removed issue moves the count, so either changes this.
 */
export async function labelsFingerprint(db: Executor, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, latest: sql<string | null>`max(${issues.updatedAt})::text` })
    .from(issues)
    .where(workspaceIssues(workspaceId));
  return `${row?.count ?? 0}:${row?.latest ?? ""}`;
}

async function labelledIssues(db: Executor, workspaceId: string): Promise<LabelledIssue[]> {
  const rows = await db
    .select({ title: issues.title, body: issues.body, labels: issues.labels })
    .from(issues)
    .where(and(workspaceIssues(workspaceId), sql`jsonb_array_length(${issues.labels}) > 0`))
    .orderBy(desc(issues.updatedAt), desc(issues.id))
    .limit(TRAINING_ISSUES);
  return rows.map((row) => ({
    title: row.title,
    body: row.body,
    labels: [
      ...new Set(row.labels.map((label) => plainLabelName(label.name)).filter((name) => !isPipelineLabel(name))),
    ],
  }));
}

/** Longest stretch training runs before letting the server answer other requests. */
const SLICE_MS = 20;

/**
 * Training takes seconds on a large workspace (6 s for 2,000 issues with long bodies and 15
 * labels on a 2-core dev machine) and runs in the server's own process: it goes in slices,
 * giving the event loop back between them, so requests keep being answered meanwhile.
 */
async function trainInSlices(issues: LabelledIssue[]): Promise<LabelModel | null> {
  const steps = labelModelSteps(issues);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/** Trains the workspace's model from its issues as they are now and stores it (null: too little to learn from). */
export async function trainWorkspaceLabelModel(db: Database, workspaceId: string): Promise<LabelModel | null> {
  const fingerprint = await labelsFingerprint(db, workspaceId);
  const model = await trainInSlices(await labelledIssues(db, workspaceId));
  await db
    .insert(aiLabelModels)
    .values({ workspaceId, model, fingerprint })
    .onConflictDoUpdate({ target: aiLabelModels.workspaceId, set: { model, fingerprint, trainedAt: sql`now()` } });
  return model;
}

const jobData = z.object({ workspaceId: z.string().uuid() });

export function aiLabelTrainingJob(deps: { db: Database }): JobDefinition {
  return {
    queue: AI_LABEL_TRAINING_QUEUE,
    run: async (data) => {
      await trainWorkspaceLabelModel(deps.db, jobData.parse(data).workspaceId);
    },
  };
}

/** Asks for the workspace's model to be trained again soon; asks while one waits cost nothing (debounce). */
export function requestLabelTraining(jobs: JobQueue, workspaceId: string): Promise<void> {
  return jobs.send(AI_LABEL_TRAINING_QUEUE, { workspaceId }, workspaceId);
}
