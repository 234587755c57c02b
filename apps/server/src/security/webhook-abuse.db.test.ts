import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { sign } from "@octokit/webhooks-methods";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { postGitHubDelivery } from "../testing/github-delivery.js";
import { changedTables, snapshotDatabase } from "./db-snapshot.js";

const HOOK_SECRET = "hook-secret-for-abuse";
const GH_REPOSITORY_ID = 424242;

const issueEvent = (title: string, updatedAt = "2026-11-23T10:00:00Z") => ({
  action: "opened",
  repository: { id: GH_REPOSITORY_ID },
  issue: {
    id: 9_000_001,
    number: 1,
    title,
    state: "open",
    html_url: "https://github.test/acme/abuse/issues/1",
    created_at: "2026-11-23T09:00:00Z",
    updated_at: updatedAt,
  },
});

describe.each(testEngines())("inbound GitHub webhooks under abuse (%s)", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    // No GitHub is reached: the route only reads deliveries; reconciliation is off.
    const github = {
      webUrl: "http://127.0.0.1:9",
      apiUrl: "http://127.0.0.1:9",
      clientId: "c",
      clientSecret: "s",
      reconcileIntervalMs: 0,
    };
    t = await createTestApp({}, { engine, github });
    await t.database.db.insert(schema.repositories).values({
      ghId: GH_REPOSITORY_ID,
      ownerLogin: "acme",
      name: "abuse",
      htmlUrl: "https://github.test/acme/abuse",
      encryptedHookSecret: t.secretBox.seal(HOOK_SECRET),
    });
  });
  afterAll(() => t.close());

  const deliver = (body: string, deliveryId: string, signature: string | null) =>
    postGitHubDelivery(t, { body, deliveryId, signature });

  const issueTitles = async () =>
    (
      await t.database.db
        .select({ title: schema.issues.title })
        .from(schema.issues)
        .where(eq(schema.issues.ghId, 9_000_001))
    ).map((row) => row.title);

  it("refuses a missing, forged or foreign signature with 401 and writes nothing", async () => {
    const before = await snapshotDatabase(t.database.executeSql);
    const body = JSON.stringify(issueEvent("Forged"));
    const otherBody = JSON.stringify(issueEvent("Something else"));
    const answers = [
      await deliver(body, "abuse-unsigned", null),
      await deliver(body, "abuse-forged", `sha256=${"0".repeat(64)}`),
      await deliver(body, "abuse-wrong-secret", await sign("another-secret", body)),
      // A signature GitHub made for other bytes does not carry over.
      await deliver(body, "abuse-other-body", await sign(HOOK_SECRET, otherBody)),
      await deliver(body, "abuse-sha1", "sha1=0000000000000000000000000000000000000000"),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(changedTables(before, await snapshotDatabase(t.database.executeSql))).toEqual([]);
  });

  it("refuses a body above GitHub's 25 MB with 413 before reading it, and writes nothing", async () => {
    const before = await snapshotDatabase(t.database.executeSql);
    const body = JSON.stringify(issueEvent("x".repeat(26 * 1024 * 1024)));
    const answer = await deliver(body, "abuse-oversized", await sign(HOOK_SECRET, body));
    expect(answer.statusCode).toBe(413);
    expect(changedTables(before, await snapshotDatabase(t.database.executeSql))).toEqual([]);
  });

  it("applies a delivery once: a replay of its id, even with other signed content, changes nothing", async () => {
    const body = JSON.stringify(issueEvent("Checkout fails"));
    const first = await deliver(body, "abuse-replay", await sign(HOOK_SECRET, body));
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ applied: true });
    const afterFirst = await snapshotDatabase(t.database.executeSql);

    const again = await deliver(body, "abuse-replay", await sign(HOOK_SECRET, body));
    const replacedBody = JSON.stringify(issueEvent("Replayed title", "2026-11-23T11:00:00Z"));
    const replaced = await deliver(replacedBody, "abuse-replay", await sign(HOOK_SECRET, replacedBody));
    expect([again.statusCode, replaced.statusCode]).toEqual([200, 200]);
    expect([again.json(), replaced.json()]).toEqual([{ applied: false }, { applied: false }]);
    expect(await issueTitles()).toEqual(["Checkout fails"]);
    expect(changedTables(afterFirst, await snapshotDatabase(t.database.executeSql))).toEqual([]);
  });

  it("answers a body that is not JSON, or an unknown repository, with a 4xx and writes nothing", async () => {
    const before = await snapshotDatabase(t.database.executeSql);
    const notJson = await deliver("{not json", "abuse-not-json", await sign(HOOK_SECRET, "{not json"));
    const unknownBody = JSON.stringify({ ...issueEvent("Elsewhere"), repository: { id: 1 } });
    const unknown = await deliver(unknownBody, "abuse-unknown", await sign(HOOK_SECRET, unknownBody));
    expect([notJson.statusCode, unknown.statusCode]).toEqual([400, 404]);
    expect(changedTables(before, await snapshotDatabase(t.database.executeSql))).toEqual([]);
  });
});
