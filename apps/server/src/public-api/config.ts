import { z } from "zod";
import { parseEnvironment } from "../config/config.js";

/** The limits of POST /public/graphql, per API key; self-hosted installs tune them through the environment. */
export interface PublicApiLimits {
  /** Milliseconds of processing time a key may spend per minute, refilled continuously. */
  budgetMsPerMinute: number;
  /** Requests one key may have in flight at once. */
  maxConcurrent: number;
  /** The highest complexity (see complexity.ts) one operation may have. */
  maxComplexity: number;
}

const positiveWhole = z.coerce
  .number({ error: "must be a whole number of at least 1" })
  .int("must be a whole number of at least 1")
  .min(1, "must be a whole number of at least 1");

const environment = z.object({
  PUBLIC_API_BUDGET_MS_PER_MINUTE: positiveWhole.default(90_000),
  PUBLIC_API_MAX_CONCURRENT_REQUESTS: positiveWhole.default(30),
  PUBLIC_API_MAX_COMPLEXITY: positiveWhole.default(50_000),
});

export function loadPublicApiLimits(env: NodeJS.ProcessEnv): PublicApiLimits {
  const e = parseEnvironment(environment, env);
  return {
    budgetMsPerMinute: e.PUBLIC_API_BUDGET_MS_PER_MINUTE,
    maxConcurrent: e.PUBLIC_API_MAX_CONCURRENT_REQUESTS,
    maxComplexity: e.PUBLIC_API_MAX_COMPLEXITY,
  };
}
