import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/config.js";
import { movableClock, registerTestClockRoutes } from "./test-clock.js";

const START = new Date("2026-11-16T08:00:00Z");

function clockApp() {
  const clock = movableClock(() => START);
  const seen: string[] = [];
  const app = Fastify();
  registerTestClockRoutes(app, clock, async (now) => void seen.push(now.toISOString()));
  return { app, clock, seen };
}

describe("the test clock", () => {
  it("moves forward by what tests ask, and runs time-driven work before answering", async () => {
    const { app, clock, seen } = clockApp();
    const twoWeeks = 14 * 24 * 3600 * 1000;
    const response = await app.inject({ method: "POST", url: "/__test/clock", payload: { advanceMs: twoWeeks } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ now: "2026-11-30T08:00:00.000Z" });
    expect(seen).toEqual(["2026-11-30T08:00:00.000Z"]);
    expect(clock.now()).toEqual(new Date("2026-11-30T08:00:00Z"));
  });

  it("refuses to go back, fractions, and more than a year at once, leaving the clock where it was", async () => {
    const { app, clock, seen } = clockApp();
    for (const [payload, message] of [
      [{ advanceMs: -1 }, "advanceMs must not be negative: the clock only moves forward"],
      [{ advanceMs: 1.5 }, "advanceMs must be a whole number of milliseconds"],
      [{ advanceMs: 400 * 24 * 3600 * 1000 }, "advanceMs must be at most a year"],
      [{ advanceMs: "1000" }, "advanceMs must be a number of milliseconds"],
    ] as const) {
      const response = await app.inject({ method: "POST", url: "/__test/clock", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    expect(clock.now()).toEqual(START);
    expect(seen).toEqual([]);
  });

  it("is switched on by GANTRY_TEST_CLOCK only, and never in production", () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ GANTRY_TEST_CLOCK: "true" }).testClock).toBe(true);
    expect(() =>
      loadConfig({ GANTRY_TEST_CLOCK: "true", NODE_ENV: "production", SMTP_URL: "smtp://mail.test" }),
    ).toThrow("GANTRY_TEST_CLOCK must not be set in production");
  });
});
