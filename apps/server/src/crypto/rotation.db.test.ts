import { randomBytes } from "node:crypto";
import { schema } from "@gantry/db";
import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../testing/app.js";
import { resealStaleSecrets } from "./rotation.js";
import { SecretBox } from "./secret-box.js";

/** Collects what the rotation logs, to check no secret or sealed value is in it. */
function capturingLog() {
  const lines: string[] = [];
  const write = (object: object, message: string) => lines.push(JSON.stringify({ ...object, message }));
  return { lines, log: { info: write, warn: write } };
}

describe.each(testEngines())("re-sealing secrets after a key rotation on %s", (engine) => {
  let database: TestDatabase;
  const keyA = randomBytes(32);
  const keyB = randomBytes(32);
  const token = "gho_rotation-token-1234567890";
  const hookSecret = "hook-secret-abcdef123456";
  const webhookSecrets = Array.from({ length: 5 }, (_, index) => `webhook-secret-${index}-xyz`);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const boxA = new SecretBox(keyA);
    const [user] = await db.insert(schema.users).values({ email: "rotation@acme.test" }).returning();
    const [organization] = await db.insert(schema.organizations).values({ name: "Rotation" }).returning();
    if (!user || !organization) throw new Error("arrange failed");
    const [workspace] = await db
      .insert(schema.workspaces)
      .values({ organizationId: organization.id, name: "Keys" })
      .returning();
    if (!workspace) throw new Error("arrange failed");
    await db.insert(schema.githubAccounts).values({
      userId: user.id,
      ghId: 4242,
      login: "rotator",
      encryptedToken: boxA.seal(token),
    });
    await db.insert(schema.repositories).values([
      {
        ghId: 77,
        ownerLogin: "rotator",
        name: "hooked",
        htmlUrl: "https://github.test/rotator/hooked",
        encryptedHookSecret: boxA.seal(hookSecret),
      },
      // A repository without a hook: nothing to re-seal.
      { ghId: 78, ownerLogin: "rotator", name: "plain", htmlUrl: "https://github.test/rotator/plain" },
    ]);
    await db.insert(schema.outboundWebhooks).values(
      webhookSecrets.map((secret) => ({
        workspaceId: workspace.id,
        url: "https://hooks.example.com/in",
        sealedSecret: boxA.seal(secret),
        secretHint: secret.slice(-4),
        events: ["issue_transfer" as const],
      })),
    );
  });
  afterAll(() => database.dispose());

  async function sealedValues() {
    const { db } = database;
    const accounts = await db.select().from(schema.githubAccounts);
    const repositories = await db.select().from(schema.repositories);
    const webhooks = await db.select().from(schema.outboundWebhooks);
    return [
      ...accounts.map((row) => row.encryptedToken),
      ...repositories.flatMap((row) => (row.encryptedHookSecret ? [row.encryptedHookSecret] : [])),
      ...webhooks.map((row) => row.sealedSecret),
    ];
  }

  it("seals every secret again with the new key, in batches, so the retired key can go", async () => {
    const before = await sealedValues();
    const rotated = new SecretBox(keyB, [keyA]);
    expect(before.every((value) => rotated.isStale(value))).toBe(true);
    const { lines, log } = capturingLog();

    // Batches of 2 make the five webhooks take three pages.
    const report = await resealStaleSecrets({ db: database.db, secretBox: rotated, log }, 2);
    expect(report.columns).toEqual([
      { name: "github_accounts.encrypted_token", resealed: 1, unreadable: 0 },
      { name: "repositories.encrypted_hook_secret", resealed: 1, unreadable: 0 },
      { name: "outbound_webhooks.sealed_secret", resealed: 5, unreadable: 0 },
    ]);

    const after = await sealedValues();
    expect(after.some((value) => rotated.isStale(value))).toBe(false);
    // With only the new key configured, every secret still opens.
    const onlyB = new SecretBox(keyB);
    expect(after.map((value) => onlyB.open(value)).sort()).toEqual([token, hookSecret, ...webhookSecrets].sort());

    const logged = lines.join("\n");
    for (const secret of [token, hookSecret, ...webhookSecrets, ...before, ...after]) {
      expect(logged).not.toContain(secret);
    }
  });

  it("changes nothing when run again", async () => {
    const before = await sealedValues();
    const report = await resealStaleSecrets({
      db: database.db,
      secretBox: new SecretBox(keyB, [keyA]),
      log: capturingLog().log,
    });
    expect(report.columns.every((column) => column.resealed === 0 && column.unreadable === 0)).toBe(true);
    expect(await sealedValues()).toEqual(before);
  });

  it("leaves a value no configured key opens, and names only its row", async () => {
    const stranger = new SecretBox(randomBytes(32)).seal("sealed-with-a-lost-key");
    const [user] = await database.db.insert(schema.users).values({ email: "lost@acme.test" }).returning();
    if (!user) throw new Error("arrange failed");
    await database.db
      .insert(schema.githubAccounts)
      .values({ userId: user.id, ghId: 4343, login: "lost", encryptedToken: stranger });
    const { lines, log } = capturingLog();
    const report = await resealStaleSecrets({ db: database.db, secretBox: new SecretBox(keyB, [keyA]), log });
    expect(report.columns[0]).toEqual({ name: "github_accounts.encrypted_token", resealed: 0, unreadable: 1 });
    expect(lines.join("\n")).toContain(user.id);
    expect(lines.join("\n")).not.toContain(stranger);
    expect(await sealedValues()).toContain(stranger);
  });

  it("runs when a server starts with a retired key configured", async () => {
    const keyC = randomBytes(32);
    const [user] = await database.db.insert(schema.users).values({ email: "restart@acme.test" }).returning();
    if (!user) throw new Error("arrange failed");
    await database.db
      .insert(schema.githubAccounts)
      .values({ userId: user.id, ghId: 4444, login: "restart", encryptedToken: new SecretBox(keyB).seal(token) });
    const t = await createTestApp({}, { database, secretBox: new SecretBox(keyC, [keyB]) });
    await t.app.ready();
    // Closing waits for the background pass that start-up began.
    await t.close();
    const [row] = await database.db
      .select()
      .from(schema.githubAccounts)
      .where(eq(schema.githubAccounts.userId, user.id));
    expect(new SecretBox(keyC).open(row?.encryptedToken ?? "")).toBe(token);
  });
});
