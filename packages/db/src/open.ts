import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** Both engines' Drizzle databases share this interface, so features never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = "pglite" | "postgres";
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: services that write take one so callers can group writes. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  /** Applies pending migrations; applied ones are recorded, so running it again changes nothing. */
  migrate(): Promise<void>;
  /**
   * Plain SQL text for libraries that bring their own statements (pg-boss): parameterised text
   * runs as one statement, text without values may hold several.
   */
  executeSql: SqlRunner;
  /**
   * Hears the channel's NOTIFY payloads (of this handle's statements and of any other connection's)
   * until the returned function is called or the handle is closed. Resolves once LISTEN is in place.
   * On PostgreSQL a dedicated connection listens; `onLost` is told, once, when it fails or ends
   * without being asked to, after which nothing more is heard: notifications may have been missed.
   */
  listen: Listen;
  close(): Promise<void>;
}

export type Listen = (
  channel: string,
  onNotification: (payload: string) => void,
  onLost: () => void,
) => Promise<() => Promise<void>>;

export type SqlRunner = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface OpenDatabaseOptions {
  /** A postgres:// URL. Without it the embedded PGlite engine is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Told when an idle PostgreSQL connection fails (server restart, connection killed). Without a
   * listener node-postgres would crash the process; the next query opens a new connection.
   */
  onIdleConnectionError?: (error: Error) => void;
}

// Resolves from src/ and from dist/ alike, both one level below the package root.
const migrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));
const migrationsTable = { migrationsFolder, migrationsSchema: "drizzle", migrationsTable: "migrations" };
// Any constant works; it only has to be the same for every Gantry instance sharing the database.
const MIGRATION_LOCK_KEY = 4_551_000_001;

/** Raw SQL for what the query builder cannot say; both drivers answer with a `rows` array. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(
        options.url,
        options.maxConnections ?? 10,
        options.onIdleConnectionError ?? reportIdleConnectionError,
      )
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the board search's trigram index (migration 0035, decision 0066), as on PostgreSQL.
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db: db as unknown as Database,
    engine: "pglite",
    // PGlite is one connection in one process, so no lock is needed around migrations.
    migrate: () => migratePglite(db, migrationsTable),
    // PGlite's extended protocol takes one statement, so several without values go through `exec`.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    // One connection in this process: notifications arrive with the results of the statement that
    // committed them, and the listener is never lost while the handle is open.
    listen: async (channel, onNotification) => {
      const unlisten = await client.listen(channel, onNotification);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    close: async () => {
      closed = true;
      await client.close();
    },
  };
}

function reportIdleConnectionError(error: Error): void {
  console.error(`PostgreSQL connection lost: ${error.message}`);
}

async function openPostgres(url: string, max: number, onIdleError: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", onIdleError);
  const db = drizzleNodePg({ client: pool, schema });
  const listeners = new Set<() => Promise<void>>();
  return {
    db: db as unknown as Database,
    engine: "postgres",
    migrate: async () => {
      // Several instances may start at once; an advisory lock lets exactly one migrate.
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client: connection, schema }), migrationsTable);
      } finally {
        await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    executeSql: (text, values) => pool.query(text, values),
    listen: async (channel, onNotification, onLost) => {
      const stop = await listenOnOwnConnection(url, channel, onNotification, onLost, () => listeners.delete(stop));
      listeners.add(stop);
      return stop;
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection goes back to other
 * work, and its LISTEN with it. Keep-alive probes let a silently dropped connection be noticed.
 */
async function listenOnOwnConnection(
  url: string,
  channel: string,
  onNotification: (payload: string) => void,
  onLost: () => void,
  onStopped: () => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url, keepAlive: true });
  // "listening" until stopped or lost; `onLost` is only told about a listener that was in place.
  let state: "starting" | "listening" | "done" = "starting";
  const lose = () => {
    const wasListening = state === "listening";
    state = "done";
    if (!wasListening) return;
    onStopped();
    onLost();
  };
  // An error without a listener would crash the process; a failed connection also ends.
  client.on("error", lose);
  client.on("end", lose);
  client.on("notification", (message) => {
    if (state === "listening" && message.channel === channel) onNotification(message.payload ?? "");
  });
  try {
    await client.connect();
    await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
  } catch (error) {
    state = "done";
    await client.end().catch(() => undefined);
    throw error;
  }
  if (state === "starting") state = "listening";
  else throw new Error(`the connection listening on ${channel} was lost while it started`);
  return async () => {
    if (state === "done") return;
    state = "done";
    onStopped();
    await client.end().catch(() => undefined);
  };
}
