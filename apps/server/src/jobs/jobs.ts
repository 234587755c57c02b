import type { SqlRunner } from "@gantry/db";
import PgBoss from "pg-boss";

export interface JobLog {
  error(object: object, message: string): void;
}

/** One kind of background work: a durable queue, an optional schedule, and what to do with a job. */
export interface JobDefinition {
  queue: string;
  /** A cron expression (UTC) on which pg-boss sends a job with `{}` data; kept in the database. */
  cron?: string;
  /**
   * Throws to fail the job; pg-boss retries it with backoff, up to the retry limit. The data comes
   * back from the database, so it is checked, not trusted.
   */
  run(data: unknown): Promise<void>;
  /** Overrides the default retries (5, from 10 s doubling) for work with its own pace, such as webhook deliveries. */
  retry?: { limit: number; delaySeconds: number };
  /**
   * Also sends one job with `{}` data when the jobs start, so work that fell due while the server was
   * down, or that a crash cut short (its job stays "active" until pg-boss expires it), runs at once
   * instead of at the schedule's next tick.
   */
  runAtStart?: boolean;
}

export interface JobsOptions {
  executeSql: SqlRunner;
  definitions: JobDefinition[];
  log: JobLog;
  /** How often workers look for jobs and the cron monitor looks at schedules; tests shorten both. */
  pollingIntervalSeconds?: number;
}

export interface Jobs {
  /**
   * Queues a job. A job already waiting under the same singleton key absorbs this one, so bursts
   * of triggers (several config edits in a row) cost one run.
   */
  send(queue: string, data: object, singletonKey?: string): Promise<void>;
  /** Lets running jobs finish, then stops polling; queued jobs wait in the database for the next start. */
  stop(): Promise<void>;
}

const RETRY = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const;

const retryOf = (definition: JobDefinition | undefined) =>
  definition?.retry
    ? { retryLimit: definition.retry.limit, retryDelay: definition.retry.delaySeconds, retryBackoff: true }
    : RETRY;

/**
 * Starts pg-boss on the server's own database (PostgreSQL, or PGlite through `executeSql`),
 * creates each queue and (re)writes each schedule. Queues, jobs and schedules live in the
 * `pgboss` schema, so work queued before a stop or crash runs after the next start.
 */
export async function startJobs({
  executeSql,
  definitions,
  log,
  pollingIntervalSeconds = 2,
}: JobsOptions): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executeSql(text, values) },
    ...RETRY,
    // pg-boss takes whole seconds, at least one, for these two.
    cronWorkerIntervalSeconds: Math.max(1, Math.ceil(pollingIntervalSeconds)),
    cronMonitorIntervalSeconds: Math.max(1, Math.ceil(pollingIntervalSeconds)),
  });
  boss.on("error", (error: Error) => log.error({ err: error.message }, "background jobs: pg-boss failed"));
  await boss.start();
  try {
    for (const definition of definitions) {
      // "short": at most one job waits per singleton key (no key counts as one key), however often it is sent.
      await boss.createQueue(definition.queue, { name: definition.queue, policy: "short", ...retryOf(definition) });
      if (definition.cron) await boss.schedule(definition.queue, definition.cron, {}, RETRY);
      await boss.work<unknown>(definition.queue, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await definition.run(job.data);
          } catch (error) {
            // pg-boss keeps the error on the job; the log is where operators look.
            log.error(
              { err: error, queue: definition.queue, jobId: job.id },
              "background job failed; it will be retried",
            );
            throw error;
          }
        }
      });
    }
    for (const definition of definitions) {
      if (definition.runAtStart) await boss.send(definition.queue, {}, retryOf(definition));
    }
  } catch (error) {
    await boss.stop({ graceful: false });
    throw error;
  }
  return {
    send: async (queue, data, singletonKey) => {
      const retry = retryOf(definitions.find((definition) => definition.queue === queue));
      await boss.send(queue, data, singletonKey ? { ...retry, singletonKey } : retry);
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
