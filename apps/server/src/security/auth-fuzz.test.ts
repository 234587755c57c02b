import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { changedTables, type DatabaseSnapshot, snapshotDatabase } from "./db-snapshot.js";
import { HOSTILE_STRINGS } from "./hostile-values.js";

/** Fixed, so a failure replays exactly; fast-check prints the seed and the counter-example. */
const SEED = 1515;
const RUNS_PER_ROUTE = 12;

/** The JSON endpoints of SPEC §7 with the fields each reads. */
const AUTH_ROUTES: Record<string, readonly string[]> = {
  "/api/auth/signup": ["email", "password", "hubspotUtk", "utmParams", "inviteToken"],
  "/api/auth/login": ["email", "password"],
  "/api/auth/verify-email": ["email", "token"],
  "/api/auth/resend-verification-email": ["email"],
  "/api/auth/password-reset-email": ["email"],
  "/api/auth/reset-password": ["email", "resetPasswordToken", "password", "passwordConfirmation"],
  "/api/auth/unlock-token": ["email"],
  "/api/auth/unlock": ["email", "unlockToken"],
};

const hostileField = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom("fuzz@acme.test", "FUZZ@ACME.TEST ", "a@b", "@", "fuzz@acme.test\u0000x") },
  fc.constantFrom<unknown>(null, 0, -1, 1e308, true, [], {}, { $ne: null }, ["a"]),
);

/** A body: the route's fields with hostile values, some left out, sometimes an extra one; or no object at all. */
const bodyFor = (fields: readonly string[]) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.dictionary(fc.constantFrom(...fields, "__proto__", "constructor", "admin"), hostileField),
    },
    fc.constantFrom<unknown>(null, "just a string", 42, [], [{ email: "fuzz@acme.test" }]),
  );

describe("the authentication endpoints under hostile input", () => {
  let t: TestApp;
  let current: DatabaseSnapshot;
  // An account the fuzzed emails sometimes name, so some calls reach the password and token checks.
  const existing = { email: "fuzz@acme.test", password: "Correct-horse-9" };

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "100000" });
    await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: existing });
    current = await snapshotDatabase(t.database.executeSql);
  });
  afterAll(() => t.close());

  it.each(Object.entries(AUTH_ROUTES))(
    "%s: a clear refusal or success, never a crash or a partial write",
    async (url, fields) => {
      await fc.assert(
        fc.asyncProperty(bodyFor(fields), async (body) => {
          const response = await t.app.inject({
            method: "POST",
            url,
            headers: { "content-type": "application/json" },
            payload: JSON.stringify(body),
          });
          expect(response.statusCode).toBeLessThan(500);
          const after = await snapshotDatabase(t.database.executeSql);
          if (response.statusCode >= 400) {
            // The only write a refusal may make: a failed sign-in counting towards the account's lock.
            const allowed = url === "/api/auth/login" && response.statusCode === 401 ? ["users"] : [];
            expect(changedTables(current, after).filter((name) => !allowed.includes(name))).toEqual([]);
            expect((response.json() as { error?: unknown }).error).toEqual(expect.any(String));
          }
          current = after;
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );
});
