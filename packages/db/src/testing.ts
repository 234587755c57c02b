import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, type Engine, openDatabase } from "./open.js";

/**
 * The engines a database test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL
 * names a server. CI sets it; leaving it out on CI is an error rather than a silent skip.
 */
export function testEngines(): Engine[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === "true") {
    throw new Error("TEST_DATABASE_URL must be set on CI so the database suite also runs on PostgreSQL");
  }
  return url ? ["pglite", "postgres"] : ["pglite"];
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and, on PostgreSQL, drops the database made for it. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database of the given engine, private to its caller: PGlite in
 * memory, or a new database on the TEST_DATABASE_URL server. Tests then build their own
 * rows with factories, so nothing is shared and nothing needs wiping.
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const handle = await openDatabase();
    await handle.migrate();
    return { ...handle, dispose: handle.close };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `gantry_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Dropping the database at the end ends its connections; that is expected, not a failure.
  const handle = await openDatabase({ url: url.toString(), maxConnections: 4, onIdleConnectionError: () => undefined });
  await handle.migrate();
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
