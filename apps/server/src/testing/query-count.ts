import type { Database } from "@gantry/db";
import { vi } from "vitest";

/** How many statements `read` sends to the database: what batching saves shows here, not in timings. */
export async function countQueries(database: Database, read: () => Promise<void>): Promise<number> {
  const client = (database as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query.bind(client);
  const spy = vi.spyOn(client, "query").mockImplementation((...args: unknown[]) => {
    if (process.env.SHOW_QUERIES && String((args[0] as { text?: string })?.text ?? args[0]).includes("encrypted_token"))
      console.log(new Error().stack?.split("\n").slice(1, 30).join("\n"));
    return original(...args);
  });
  try {
    await read();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
