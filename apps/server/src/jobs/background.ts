import type { SqlRunner } from "@gantry/db";
import type { FastifyInstance } from "fastify";
import { type JobDefinition, type Jobs, startJobs } from "./jobs.js";

/** What services see of the background jobs: a way to ask for a run soon. */
export interface JobQueue {
  send(queue: string, data: object, singletonKey?: string): Promise<void>;
}

export interface BackgroundJobsOptions {
  executeSql: SqlRunner;
  /**
   * The jobs' database is a PGlite folder, which only this process has open: a job may take over
   * work that another process claimed in it (a ZenHub import) without waiting.
   */
  databaseIsThisProcess?: boolean;
  pollingIntervalSeconds?: number;
}

/**
 * Starts the jobs once the server is ready, without waiting for them: pg-boss's first start builds
 * its schema, which must not hold up listening. Stops them before anything closes (jobs still
 * running finish first), since the database is closed by an onClose hook. Without options (most
 * tests) nothing starts and sending is a no-op: time-driven work is then run directly by its caller.
 */
export function registerBackgroundJobs(
  app: FastifyInstance,
  options: BackgroundJobsOptions | undefined,
  definitions: JobDefinition[],
): JobQueue {
  if (!options) return { send: async () => undefined };
  let started: Promise<Jobs | null> = Promise.resolve(null);
  app.addHook("onReady", async () => {
    started = startJobs({ ...options, definitions, log: app.log }).catch((error: unknown) => {
      app.log.error({ err: error }, "background jobs could not start; sprint automation is paused until a restart");
      return null;
    });
  });
  app.addHook("preClose", async () => {
    await (await started)?.stop();
  });
  return {
    send: async (queue, data, singletonKey) => {
      const jobs = await started;
      try {
        await jobs?.send(queue, data, singletonKey);
      } catch (error) {
        // The change that asked for the run is stored; the schedule picks it up within a minute.
        app.log.warn({ err: error, queue }, "a background job could not be queued");
      }
    },
  };
}
