/**
 * The echoes Gantry expects of its own link writes are kept in the database: a delivery reaching
 * another server process than the one that wrote the link is skipped there too, once. On
 * PostgreSQL the two processes are two handles (two pools) on one database; PGlite is embedded in
 * one process, so there both are the one handle.
 */
import { type Database, openDatabase, schema } from "@gantry/db";
import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectLinkEcho, FORGOTTEN_AFTER_MS, forgetLinkEcho, type LinkEcho, takeLinkEcho } from "./link-echoes.js";

const added: LinkEcho = { kind: "sub_issue", added: true, issueIds: [11, 12], repositoryIds: [1, 2] };

describe.each(testEngines())("echoes of Gantry's own links, shared by server processes (%s)", (engine) => {
  let database: TestDatabase;
  let writer: Database;
  let receiver: Database;
  let closeReceiver: () => Promise<void> = async () => {};

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    writer = database.db;
    receiver = writer;
    if (engine === "postgres") {
      const rows = await database.executeSql("select current_database() as name");
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${(rows.rows[0] as { name: string }).name}`;
      const second = await openDatabase({ url: url.toString(), maxConnections: 2 });
      receiver = second.db;
      closeReceiver = second.close;
    }
  });
  afterAll(async () => {
    await closeReceiver();
    await database.dispose();
  });

  it("skips each of GitHub's two deliveries once, in whichever process receives it", async () => {
    const now = new Date("2026-01-01T10:00:00Z");
    await expectLinkEcho(writer, added, now);
    // Not to the other repository's action.
    expect(await takeLinkEcho(receiver, { action: "sub_issue_added", issueIds: [11, 12], repositoryId: 2 }, now)).toBe(
      false,
    );
    expect(await takeLinkEcho(receiver, { action: "sub_issue_added", issueIds: [11, 12], repositoryId: 1 }, now)).toBe(
      true,
    );
    expect(await takeLinkEcho(writer, { action: "parent_issue_added", issueIds: [11, 12], repositoryId: 2 }, now)).toBe(
      true,
    );
    // The same change made again on GitHub is GitHub's, not an echo.
    expect(await takeLinkEcho(receiver, { action: "sub_issue_added", issueIds: [11, 12], repositoryId: 1 }, now)).toBe(
      false,
    );
  });

  it("skips one delivery once even when both processes take it at the same time", async () => {
    const now = new Date("2026-01-01T11:00:00Z");
    const dependency: LinkEcho = { kind: "dependency", added: false, issueIds: [31, 32], repositoryIds: [3, 3] };
    await expectLinkEcho(writer, dependency, now);
    const delivery = { action: "blocked_by_removed", issueIds: [31, 32] as [number, number], repositoryId: 3 };
    const taken = await Promise.all([takeLinkEcho(writer, delivery, now), takeLinkEcho(receiver, delivery, now)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it("expects nothing back from a refused write, and forgets an echo that never came", async () => {
    const now = new Date("2026-01-01T12:00:00Z");
    const blocked: LinkEcho = { kind: "dependency", added: true, issueIds: [21, 22], repositoryIds: [1, 1] };
    await expectLinkEcho(writer, blocked, now);
    await forgetLinkEcho(writer, blocked);
    expect(await takeLinkEcho(receiver, { action: "blocked_by_added", issueIds: [21, 22], repositoryId: 1 }, now)).toBe(
      false,
    );
    await expectLinkEcho(writer, blocked, now);
    const later = new Date(now.getTime() + FORGOTTEN_AFTER_MS + 1);
    expect(await takeLinkEcho(receiver, { action: "blocking_added", issueIds: [21, 22], repositoryId: 1 }, later)).toBe(
      false,
    );
    // A later write clears expired expectations rather than keeping them for ever.
    await expectLinkEcho(writer, added, later);
    const left = await writer
      .select({ key: schema.githubLinkEchoes.key })
      .from(schema.githubLinkEchoes)
      .orderBy(schema.githubLinkEchoes.key);
    expect(left.map((row) => row.key)).toEqual(["parent_issue_added:11:12@2", "sub_issue_added:11:12@1"]);
  });
});
