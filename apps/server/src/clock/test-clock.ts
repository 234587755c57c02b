import type { FastifyInstance } from "fastify";
import { z } from "zod";

/** A clock running with the real one, moved ahead by whatever tests have asked for. */
export interface MovableClock {
  now(): Date;
  advance(ms: number): Date;
}

export function movableClock(base: () => Date): MovableClock {
  let offsetMs = 0;
  const now = () => new Date(base().getTime() + offsetMs);
  return {
    now,
    advance: (ms) => {
      offsetMs += ms;
      return now();
    },
  };
}

/** A year at most per call: enough to pass any sprint, and a typo cannot throw the clock to the year 3000. */
const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

const advanceBody = z.object({
  advanceMs: z
    .number({ error: "advanceMs must be a number of milliseconds" })
    .int("advanceMs must be a whole number of milliseconds")
    .min(0, "advanceMs must not be negative: the clock only moves forward")
    .max(MAX_ADVANCE_MS, "advanceMs must be at most a year"),
});

/**
 * `POST /__test/clock { advanceMs }` moves the server's clock forward (`{ advanceMs: 0 }` just reads it),
 * answers the new time, and first waits for `afterAdvance` (time-driven work such as sprint rollover), so
 * a test sees its effect at once. Registered only when GANTRY_TEST_CLOCK is set, which production refuses.
 */
export function registerTestClockRoutes(
  app: FastifyInstance,
  clock: MovableClock,
  afterAdvance: (now: Date) => Promise<void>,
): void {
  app.post("/__test/clock", async (req, reply) => {
    const parsed = advanceBody.safeParse(req.body);
    if (!parsed.success) {
      return reply.code(400).send({ error: "Bad Request", message: parsed.error.issues[0]?.message });
    }
    const now = clock.advance(parsed.data.advanceMs);
    await afterAdvance(now);
    return { now: now.toISOString() };
  });
}
