import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { field, gql } from "../testing/factories.js";
import { startReceiver } from "../testing/webhook-receiver.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";
import { createHookCache } from "./hook-cache.js";
import type { OutboundWebhookRow } from "./service.js";

const { outboundWebhookDeliveries, outboundWebhooks } = schema;
const SECRET = "s3cret-for-tests";
const CREATE = `mutation ($input: CreateOutboundWebhookInput!) {
  createOutboundWebhook(input: $input) { outboundWebhook { id } }
}`;
const DELETE = `mutation ($id: ID!) { deleteOutboundWebhook(input: { outboundWebhookId: $id }) { outboundWebhook { id } } }`;
const MOVE = `mutation ($pipeline: ID!, $issue: ID!, $position: Int) {
  moveIssue(input: { pipelineId: $pipeline, issueId: $issue, position: $position }) { issue { id } }
}`;
const ENV = {
  REQUIRE_EMAIL_VERIFICATION: "false",
  GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true",
  GANTRY_WEBHOOK_RETRY_DELAY_SECONDS: "1",
};

describe.each(testEngines())("outbound webhooks kept in memory on %s", (engine) => {
  // Two instances on one database: `t` moves cards and delivers, `other` adds and deletes webhooks.
  let t: TestApp;
  let other: TestApp;
  let w: WorkspaceIssues;
  let workspaceId: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let pipelines: string[];
  let moves = 0;

  beforeAll(async () => {
    t = await createTestApp(ENV, { engine, jobsPollingIntervalSeconds: 0.5 });
    other = await createTestApp(ENV, { database: t.database, secretBox: t.secretBox });
    receiver = await startReceiver();
    w = await workspaceWithIssues(t, { native: 1, gitHub: 0 });
    workspaceId = decodeGlobalID(w.workspace).id;
    const answer = await gql(t, w.owner.token, "query ($id: ID!) { workspace(id: $id) { pipelines { id } } }", {
      id: w.workspace,
    });
    pipelines = field<{ pipelines: { id: string }[] }>(answer, "workspace").pipelines.map((entry) => entry.id);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
    await receiver.close();
  });

  /** Moves the issue to another pipeline on `t`; every move is an issue_transfer. */
  const move = async () => {
    moves++;
    const answer = await gql(t, w.owner.token, MOVE, {
      pipeline: pipelines[moves % pipelines.length],
      issue: w.native[0],
      position: 0,
    });
    expect(answer.errors).toBeUndefined();
  };
  const addWebhook = async (on: TestApp, path: string) => {
    const answer = await gql(on, w.owner.token, CREATE, {
      input: { workspaceId: w.workspace, url: receiver.url(path), secret: SECRET, events: ["ISSUE_TRANSFER"] },
    });
    return field<{ outboundWebhook: { id: string } }>(answer, "createOutboundWebhook").outboundWebhook.id;
  };
  const deleteWebhook = async (on: TestApp, id: string) =>
    expect((await gql(on, w.owner.token, DELETE, { id })).errors).toBeUndefined();
  // Deliveries are stored before the move's answer, so counting them right after a move is exact.
  const deliveries = async (webhookGlobalId: string) =>
    (
      await t.database.db
        .select({ id: outboundWebhookDeliveries.id })
        .from(outboundWebhookDeliveries)
        .where(eq(outboundWebhookDeliveries.webhookId, decodeGlobalID(webhookGlobalId).id))
    ).length;
  /** Moves until the webhook has more deliveries than it had: the notification reaches `t` asynchronously. */
  const moveUntilDelivered = async (webhookGlobalId: string) => {
    const before = await deliveries(webhookGlobalId);
    await vi.waitFor(
      async () => {
        await move();
        expect(await deliveries(webhookGlobalId)).toBeGreaterThan(before);
      },
      { timeout: 2_000, interval: 50 },
    );
  };

  /** A read of no webhooks that counts how often the cache calls it. */
  const countedReads = () => {
    let count = 0;
    return {
      read: async (): Promise<OutboundWebhookRow[]> => {
        count++;
        return [];
      },
      reads: () => count,
    };
  };
  /** Two webhooks added on `t` and a move: the one to delete has had exactly that move's delivery. */
  const twoWebhooksDelivered = async (keptPath: string, doomedPath: string) => {
    const kept = await addWebhook(t, keptPath);
    const doomed = await addWebhook(t, doomedPath);
    await move();
    expect(await deliveries(doomed)).toBe(1);
    return { kept, doomed };
  };

  it("sends the next move to a webhook added on the same instance right after a move filled the cache", async () => {
    await move();
    const hook = await addWebhook(t, "/same");
    const before = await deliveries(hook);
    await move();
    expect(await deliveries(hook)).toBe(before + 1);
    expect(JSON.parse((await receiver.next("/same")).body)).toMatchObject({ type: "issue_transfer" });
  });

  it("stops at once sending to a webhook deleted on the same instance, and still sends to the others", async () => {
    const { kept, doomed } = await twoWebhooksDelivered("/kept", "/doomed");
    await deleteWebhook(t, doomed);
    const before = await deliveries(kept);
    // A stale list would name the deleted webhook, and the deliveries' insert would fail for all of them.
    await move();
    expect(await deliveries(kept)).toBe(before + 1);
    expect(await deliveries(doomed)).toBe(0);
  });

  it("sends to a webhook another instance added, once its notification has arrived", async () => {
    await move();
    const hook = await addWebhook(other, "/elsewhere");
    await moveUntilDelivered(hook);
    expect(JSON.parse((await receiver.next("/elsewhere")).body)).toMatchObject({ type: "issue_transfer" });
  });

  it("stops sending to a webhook another instance deleted, once its notification has arrived", async () => {
    const { kept, doomed } = await twoWebhooksDelivered("/kept-elsewhere", "/doomed-elsewhere");
    await deleteWebhook(other, doomed);
    // Until `t` hears of the deletion its moves' deliveries fail to be stored (logged); then they are stored again.
    await moveUntilDelivered(kept);
    expect(await deliveries(doomed)).toBe(0);
  });

  it("reads a workspace's webhooks once, again after any connection changes them, and every time once closed", async () => {
    const cache = await createHookCache(t.database.listen, { warn: () => undefined });
    expect(cache.trusted).toBe(true);
    let reads = 0;
    const read = async () => {
      reads++;
      return t.database.db.select().from(outboundWebhooks).where(eq(outboundWebhooks.workspaceId, workspaceId));
    };
    const listed = (await cache.hooksOf(workspaceId, read)).length;
    await cache.hooksOf(workspaceId, read);
    expect(reads).toBe(1);
    // A row written outside the app: on PostgreSQL from a connection of its own.
    const [created] = await writeElsewhere(t, (db) =>
      db
        .insert(outboundWebhooks)
        .values({ workspaceId, url: receiver.url("/raw"), sealedSecret: "x", secretHint: "x", events: [] })
        .returning(),
    );
    await vi.waitFor(async () => expect(await cache.hooksOf(workspaceId, read)).toHaveLength(listed + 1), {
      timeout: 2_000,
      interval: 20,
    });
    const readsAfterInsert = reads;
    await cache.hooksOf(workspaceId, read);
    expect(reads).toBe(readsAfterInsert);
    await writeElsewhere(t, (db) => db.delete(outboundWebhooks).where(eq(outboundWebhooks.id, created?.id ?? "")));
    await vi.waitFor(async () => expect(await cache.hooksOf(workspaceId, read)).toHaveLength(listed), {
      timeout: 2_000,
      interval: 20,
    });
    await cache.close();
    expect(cache.trusted).toBe(false);
    const readsBeforeClosed = reads;
    await cache.hooksOf(workspaceId, read);
    await cache.hooksOf(workspaceId, read);
    expect(reads).toBe(readsBeforeClosed + 2);
  });

  it.runIf(engine === "postgres")(
    "reads every time once its LISTEN connection is lost, and keeps lists again once LISTEN is back",
    async () => {
      const warnings: string[] = [];
      const cache = await createHookCache(t.database.listen, { warn: (_, message) => warnings.push(message) });
      const { read, reads } = countedReads();
      await cache.hooksOf(workspaceId, read);
      // As a server restart would; the app's own listener goes too, and it also listens again.
      await writeElsewhere(t, (db) =>
        db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
        ),
      );
      await vi.waitFor(() => expect(cache.trusted).toBe(false), { timeout: 2_000, interval: 20 });
      expect(warnings).toEqual([expect.stringContaining("LISTEN connection was lost")]);
      const before = reads();
      await cache.hooksOf(workspaceId, read);
      expect(reads()).toBe(before + 1);
      await vi.waitFor(() => expect(cache.trusted).toBe(true), { timeout: 8_000, interval: 100 });
      await cache.hooksOf(workspaceId, read);
      await cache.hooksOf(workspaceId, read);
      expect(reads()).toBe(before + 2);
      await cache.close();
    },
  );

  it("reads a list again once it has been kept for its time, even with no notification", async () => {
    const cache = await createHookCache(t.database.listen, { warn: () => undefined }, 1_000);
    const { read, reads } = countedReads();
    await cache.hooksOf(workspaceId, read);
    await cache.hooksOf(workspaceId, read);
    expect(reads()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await cache.hooksOf(workspaceId, read);
    expect(reads()).toBe(2);
    await cache.close();
  });

  it("reads every time without a listen, as before the cache", async () => {
    const cache = await createHookCache(undefined, { warn: () => undefined });
    const { read, reads } = countedReads();
    await cache.hooksOf(workspaceId, read);
    await cache.hooksOf(workspaceId, read);
    expect(cache.trusted).toBe(false);
    expect(reads()).toBe(2);
    await cache.close();
  });
});

/**
 * Runs a write on a connection other than the app's: a client of its own on PostgreSQL; PGlite has
 * only the one connection, whose notifications every listener on it hears.
 */
async function writeElsewhere<T>(t: TestApp, write: (db: TestApp["database"]["db"]) => Promise<T>): Promise<T> {
  if (t.database.engine === "pglite") return write(t.database.db);
  const [row] = (await t.database.executeSql("select current_database() as name")).rows as { name: string }[];
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${row?.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await write(drizzle({ client, schema }) as unknown as TestApp["database"]["db"]);
  } finally {
    await client.end();
  }
}
