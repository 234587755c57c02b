import { schema } from "@gantry/db";
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { JobDefinition } from "../jobs/jobs.js";
import { type RunDeps, runZenhubImport } from "./run.js";
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
      if (job.success) return runZenhubImport(runDeps, job.data.importId);
      const unfinished = await runDeps.db
        .select({ id: schema.zenhubImports.id })
        .from(schema.zenhubImports)
        .where(inArray(schema.zenhubImports.state, ["queued", "running"]));
      for (const { id } of unfinished) await runZenhubImport(runDeps, id);
    },
  };
}
