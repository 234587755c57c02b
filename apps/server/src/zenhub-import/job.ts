import { schema } from "@gantry/db";
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { JobDefinition } from "../jobs/jobs.js";
import { CLAIM_MS, type RunDeps, runZenhubImport } from "./run.js";
import { ZENHUB_IMPORT_QUEUE } from "./service.js";

const ImportJob = z.object({ importId: z.uuid() });

/**
 * Runs ZenHub imports in the background (pg-boss). A job names its import; the one sent at start
 * (`{}`) resumes imports a stopped process left queued or running. Failed runs are retried by
 * pg-boss, each resuming from the import's checkpoint. `deps` is read when a job runs: GitHub may
 * not be configured, and then there is nothing to import into.
 */
export function zenhubImportJob(deps: () => RunDeps | null): JobDefinition {
  return {
    queue: ZENHUB_IMPORT_QUEUE,
    retry: { limit: 5, delaySeconds: 30 },
    runAtStart: true,
    run: async (data) => {
      const runDeps = deps();
      if (!runDeps) return;
      const job = ImportJob.safeParse(data);
      if (job.success) {
        await runZenhubImport(runDeps, job.data.importId);
        return;
      }
      const unfinished = await runDeps.db
        .select({ id: schema.zenhubImports.id })
        .from(schema.zenhubImports)
        .where(inArray(schema.zenhubImports.state, ["queued", "running"]));
      for (const { id } of unfinished) await resumeOnceFree(runDeps, id);
    },
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resumes an import left running, once its claim lapses. A process killed mid-import leaves a claim
 * that looks alive until it has saved nothing for the claim window; this process cannot tell that
 * from a live run elsewhere, so it waits the window out. A live run keeps saving progress and keeps
 * its claim: after two windows this gives up and leaves the import to it.
 */
async function resumeOnceFree(deps: RunDeps, importId: string): Promise<void> {
  const claimMs = deps.claimMs ?? CLAIM_MS;
  const giveUpAt = Date.now() + 2 * claimMs;
  for (;;) {
    const outcome = await runZenhubImport(deps, importId);
    if (outcome.kind !== "held") return;
    const lapses = outcome.since.getTime() + claimMs - deps.now().getTime() + 250;
    if (Date.now() + lapses > giveUpAt) return;
    await (deps.sleep ?? pause)(Math.max(250, lapses));
  }
}
