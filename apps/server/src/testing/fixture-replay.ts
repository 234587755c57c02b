import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";

interface RecordedExchange {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  response: unknown;
}

const fixturesRoot = dirname(createRequire(import.meta.url).resolve("@octokit/fixtures/package.json"));

export function recordedScenario(name: string): RecordedExchange[] {
  const file = join(fixturesRoot, "scenarios", "api.github.com", name, "normalized-fixture.json");
  return JSON.parse(readFileSync(file, "utf8")) as RecordedExchange[];
}

/** Which page a URL asks for; GitHub's first page needs no parameter. */
function pageOf(url: URL): string {
  return url.searchParams.get("page") ?? "1";
}

/**
 * Serves traffic recorded from api.github.com (@octokit/fixtures) on loopback, so Gantry's
 * GitHub client can be checked against GitHub's real answers. A request matches a recording
 * by method, path and page (Gantry may ask with other parameters); links point back here.
 */
export async function startReplay(exchanges: RecordedExchange[]): Promise<{ url: string; close(): Promise<void> }> {
  let base = "";
  const server: Server = createServer((req, res) => {
    const asked = new URL(req.url ?? "/", "http://replay");
    const match = exchanges.find((exchange) => {
      const recorded = new URL(exchange.path, "http://replay");
      return (
        exchange.method.toUpperCase() === req.method &&
        recorded.pathname === asked.pathname &&
        pageOf(recorded) === pageOf(asked)
      );
    });
    req.resume();
    if (!match) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not recorded" }));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(match.headers)
        .filter(([name]) => !["content-length", "transfer-encoding", "connection", "content-encoding"].includes(name))
        .map(([name, value]) => [name, name === "link" ? value.replaceAll("https://api.github.com", base) : value]),
    );
    res.writeHead(match.status, headers).end(JSON.stringify(match.response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
