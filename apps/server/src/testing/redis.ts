import { Redis } from "ioredis";

/** The Redis the tests use: CI runs one (TEST_REDIS_URL, as .ci/run sets it). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Whether a Redis answers at the test address. On CI it must: tests that need it fail rather
 * than skip there; elsewhere they are skipped when none answers.
 */
export async function testRedisAnswers(): Promise<boolean> {
  const probe = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  let answers = false;
  try {
    await probe.connect();
    answers = (await probe.ping()) === "PONG";
  } catch {
    answers = false;
  } finally {
    probe.disconnect();
  }
  if (!answers && process.env.CI === "true") throw new Error(`CI must run Redis at ${testRedisUrl} (TEST_REDIS_URL)`);
  return answers;
}
