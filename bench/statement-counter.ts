/**
 * SQL statements per operation, counted on the wire (issue #32): a TCP relay between the built server
 * and PostgreSQL that counts the statements the server sends, a simple query ('Q') or an extended
 * protocol execution ('E') each. It needs nothing of the server (no pg_stat_statements, which this
 * PostgreSQL does not load) and counts what reaches the database, whatever the code path. It sits only in a
 * counting pass after the timed one, since relaying costs the bench process CPU and adds latency.
 */
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { type ServerDatabase, type ServerProcess, startBuiltServer } from "./server-process.js";

/** The protocol's request codes sent before the startup message, which has no type byte either. */
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

export interface StatementCounter {
  /** The PostgreSQL URL to give the server: this relay's port, the same user and database. */
  url: string;
  /** Statements relayed so far. */
  statements(): number;
  close(): Promise<void>;
}

export async function statementCounter(postgresUrl: string): Promise<StatementCounter> {
  const target = new URL(postgresUrl);
  let statements = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    let startup = true;
    client.on("data", (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      // Walk whole messages; a message split across chunks waits for its end.
      for (;;) {
        if (startup) {
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          const code = pending.readInt32BE(4);
          startup = code === SSL_REQUEST || code === GSS_REQUEST;
          pending = pending.subarray(length);
        } else {
          if (pending.length < 5) break;
          const length = pending.readInt32BE(1) + 1;
          if (pending.length < length) break;
          const type = String.fromCharCode(pending[0] ?? 0);
          if (type === "Q" || type === "E") statements += 1;
          pending = pending.subarray(length);
        }
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the statement counter has no port");
  const url = new URL(postgresUrl);
  url.hostname = "127.0.0.1";
  url.port = String(address.port);
  return {
    url: url.toString(),
    statements: () => statements,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Statements per operation against PostgreSQL (null on PGlite, which has no wire to count on): a
 * built server behind the counting relay; `prepare` gives the operation, which runs `warmups` times
 * uncounted, then `counted` times counted.
 */
export async function statementsPerOperation(
  database: ServerDatabase,
  prepare: (server: ServerProcess) => () => Promise<unknown>,
  { warmups, counted }: { warmups: number; counted: number },
): Promise<number | null> {
  if (!("DATABASE_URL" in database)) return null;
  const counter = await statementCounter(database.DATABASE_URL);
  try {
    const server = await startBuiltServer({ DATABASE_URL: counter.url });
    try {
      const operation = prepare(server);
      for (let index = 0; index < warmups; index++) await operation();
      const before = counter.statements();
      for (let index = 0; index < counted; index++) await operation();
      return (counter.statements() - before) / counted;
    } finally {
      await server.stop();
    }
  } finally {
    await counter.close();
  }
}
