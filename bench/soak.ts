/**
 * `npm run soak [-- --minutes N]` (default 10; issue #15, decision 0043): a steady mixed load on loopback
 * against a seeded workspace, sampled every 10 s, then a verdict (memory stable, latency stable, no error
 * responses) written with the per-minute figures to bench/results/soak-<date>.md. It stops by itself.
 *
 * The server runs in this process on PostgreSQL (`TEST_DATABASE_URL`, database `<its database>_soak` (benchDatabaseName), dropped and
 * made again; PGlite without it), as the benchmarks run it; the load comes from a fixed number of clients,
 * each sending at a fixed rate, so the request rate does not follow the server's speed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { BOARD_PAGE_SIZE } from "@gantry/domain";
import { type SubscriptionStream, subscribe } from "../apps/server/src/testing/sse.js";
import { BOARD_PIPELINES, OPEN_PAGE } from "../apps/web/src/board/api.js";
import { machine } from "./machine.js";
import { generator } from "./random.js";
import { benchDatabase, benchDatabaseName, boardSize, seedBoard } from "./seed.js";
import { type MemorySample, soakVerdict } from "./soak-verdict.js";
import { percentile } from "./stats.js";

const { values: options } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    issues: { type: "string", default: "5000" },
  },
});
const MINUTES = Number(options.minutes);
const ISSUES = Number(options.issues);
if (!(Number.isInteger(MINUTES) && MINUTES >= 1 && MINUTES <= 120)) throw new Error("--minutes must be 1 to 120");
if (!(Number.isInteger(ISSUES) && ISSUES >= 100)) throw new Error("--issues must be at least 100");

/**
 * Fixed load: CLIENTS clients, each one request every PERIOD_MS (8 requests/s in all): below what two
 * shared cores answer, so the figures show the server's steadiness rather than a queue building up.
 */
const CLIENTS = 8;
const PERIOD_MS = 1000;
const SUBSCRIBERS = 2;
const SAMPLE_MS = 10_000;
const NATIVE_ISSUES = 20;

const postgresUrl = process.env.TEST_DATABASE_URL ?? null;

/**
 * A full collection before each memory sample, so the heap figure is what is live, not garbage waiting
 * for the next collection (a leak then shows as steady growth, not hidden in the sawtooth). The flag is
 * set at run time so `npm run soak` needs no node options.
 */
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
const log = (message: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);

// ---- the documents (the board's own where the web app exports them) ----
const SEARCH = `query soakSearch($workspaceId: ID!, $query: String) {
  searchIssues(workspaceId: $workspaceId, query: $query, first: 25) { totalCount nodes { id number title } }
}`;
const MOVE = `mutation soakMove($pipelineId: ID!, $issueId: ID!, $position: Int, $workspaceId: ID) {
  moveIssue(input: { pipelineId: $pipelineId, issueId: $issueId, position: $position, workspaceId: $workspaceId }) { pipeline { id } }
}`;
const ESTIMATE = `mutation soakEstimate($issueId: ID!, $value: Float) {
  setEstimate(input: { issueId: $issueId, value: $value }) { issue { estimate { value } } }
}`;
const LABELS = (verb: "add" | "remove") => `mutation soakLabels($issueIds: [ID!]!) {
  ${verb}LabelsToIssues: ${verb === "add" ? "addLabelsToIssues" : "removeLabelsFromIssues"}(input: { issueIds: $issueIds, labelInfos: [{ name: "soak" }] }) {
    successCount failedIssues { id } githubErrors
  }
}`;
const CREATE = `mutation soakCreate($repositoryId: ID!, $title: String!) {
  createIssue(input: { repositoryId: $repositoryId, title: $title, body: "Made by the soak test." }) { issue { id number } }
}`;
const VIEWER = `query soakIssue($workspaceId: ID!, $issueNumber: Int!, $owner: String, $repo: String) {
  issue: workspaceIssue(workspaceId: $workspaceId, issueNumber: $issueNumber, repositoryOwner: $owner, repositoryName: $repo) {
    id number title body state labels { name } assignees { login } estimate { value } repository { name }
    pipelineIssue(workspaceId: $workspaceId) { pipeline { id name } priority { id name } }
    sprints(workspaceId: $workspaceId) { nodes { id } } blockingIssues(workspaceId: $workspaceId) { totalCount }
  }
}`;
const EVENTS = `subscription soakEvents($workspaceId: ID!) {
  boardEvents(workspaceId: $workspaceId) { __typename ... on IssuesMovedEvent { placements { issueId pipelineId position } } }
}`;

interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string }[];
}

async function main() {
  const started = new Date();
  const loadBefore = os.loadavg()[0] ?? 0;
  const engine = postgresUrl ? "PostgreSQL" : "PGlite";
  if (!postgresUrl) log("TEST_DATABASE_URL is not set: running on PGlite in memory");
  const database = await benchDatabase(postgresUrl, "soak");
  const board = await seedBoard(database, boardSize(ISSUES));
  const { t, owner, workspace, pipelines, issues } = board;
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/graphql`;
  log(`${engine}: ${ISSUES} issues seeded in ${(board.seedMs / 1000).toFixed(1)} s; serving on ${url}`);

  /** One request; the answer's data, or an Error naming what was wrong (non-200, GraphQL errors, no data). */
  const send = async (query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
    const body = JSON.parse(text) as GraphQLBody;
    if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((error) => error.message).join("; ")}`);
    if (!body.data) throw new Error("no data");
    return body.data;
  };

  // Native issues for the label edits (labels of GitHub issues are written to GitHub, which is not here).
  const made = (await send("query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }", { id: workspace }))
    .workspace as { gantryRepository: { id: string } };
  const gantryRepository = made.gantryRepository.id;
  const native: { id: string; number: number }[] = [];
  for (let index = 0; index < NATIVE_ISSUES; index++) {
    const created = await send(CREATE, { repositoryId: gantryRepository, title: `Soak label target ${index + 1}` });
    native.push((created.createIssue as { issue: { id: string; number: number } }).issue);
  }

  type Operation = { name: string; weight: number; run(next: (below: number) => number): Promise<void> };
  const labelled = new Set<string>();
  let createdCount = 0;
  const operations: Operation[] = [
    {
      name: "board read",
      weight: 20,
      run: async (next) => {
        await send(BOARD_PIPELINES, { workspaceId: workspace });
        await send(OPEN_PAGE, {
          workspaceId: workspace,
          pipelineId: pipelines[next(pipelines.length)],
          first: BOARD_PAGE_SIZE,
        });
      },
    },
    {
      name: "filtered search",
      weight: 15,
      run: async (next) => {
        if (next(2)) {
          await send(OPEN_PAGE, {
            workspaceId: workspace,
            pipelineId: pipelines[next(pipelines.length)],
            first: BOARD_PAGE_SIZE,
            filters: { labels: { in: [["bug", "feature", "docs"][next(3)]] } },
            query: ["faster", "service-3", "Issue 1"][next(3)],
          });
        } else {
          await send(SEARCH, { workspaceId: workspace, query: `Issue ${1 + next(200)} ` });
        }
      },
    },
    {
      name: "issue viewer",
      weight: 15,
      run: async (next) => {
        const index = next(ISSUES);
        await send(VIEWER, {
          workspaceId: workspace,
          issueNumber: Math.floor(index / 20) + 1,
          owner: "acme",
          repo: `service-${(index % 20) + 1}`,
        });
      },
    },
    {
      name: "move",
      weight: 20,
      run: async (next) => {
        await send(MOVE, {
          issueId: issues[next(issues.length)],
          pipelineId: pipelines[next(pipelines.length)],
          position: next(20),
          workspaceId: workspace,
        });
      },
    },
    {
      name: "estimate",
      weight: 12,
      run: async (next) => {
        await send(ESTIMATE, { issueId: issues[next(issues.length)], value: [1, 2, 3, 5, 8, null][next(6)] });
      },
    },
    {
      name: "labels",
      weight: 10,
      run: async (next) => {
        const issue = native[next(native.length)] as { id: string };
        const verb = labelled.has(issue.id) ? "remove" : "add";
        const answer = await send(LABELS(verb), { issueIds: [issue.id] });
        const result = Object.values(answer)[0] as { failedIssues: unknown[]; githubErrors: Record<string, string> };
        if (result.failedIssues.length || Object.keys(result.githubErrors).length)
          throw new Error(`labels: ${JSON.stringify(result)}`);
        if (verb === "add") labelled.add(issue.id);
        else labelled.delete(issue.id);
      },
    },
    {
      name: "create native issue",
      weight: 4,
      run: async () => {
        createdCount++;
        await send(CREATE, { repositoryId: gantryRepository, title: `Soak issue ${createdCount}` });
      },
    },
  ];
  const totalWeight = operations.reduce((sum, operation) => sum + operation.weight, 0);
  const pick = (next: (below: number) => number) => {
    let roll = next(totalWeight);
    for (const operation of operations) {
      roll -= operation.weight;
      if (roll < 0) return operation;
    }
    return operations[0] as Operation;
  };

  // ---- measurements: latencies by minute and operation; errors by minute and message ----
  const latencies: Map<string, number[]>[] = Array.from({ length: MINUTES }, () => new Map());
  const errorsByMinute = Array.from({ length: MINUTES }, () => 0);
  const errorMessages = new Map<string, number>();
  const memory: MemorySample[] = [];
  let events = 0;
  const runStart = performance.now();
  const end = runStart + MINUTES * 60_000;
  const minuteOf = (at: number) => Math.min(MINUTES - 1, Math.floor((at - runStart) / 60_000));
  const recordError = (at: number, message: string) => {
    errorsByMinute[minuteOf(at)] = (errorsByMinute[minuteOf(at)] ?? 0) + 1;
    errorMessages.set(message, (errorMessages.get(message) ?? 0) + 1);
  };

  // Subscribers: the board's event stream, read until the run ends.
  const streams: SubscriptionStream[] = [];
  for (let index = 0; index < SUBSCRIBERS; index++)
    streams.push(await subscribe(t, owner.token, EVENTS, { workspaceId: workspace }));
  let stopping = false;
  const readers = streams.map(async (stream) => {
    while (!stopping) {
      try {
        const answer = await stream.next(30_000);
        if (answer.errors?.length) recordError(performance.now(), `subscription: ${answer.errors[0]?.message}`);
        else events++;
      } catch (error) {
        if (!stopping) recordError(performance.now(), `subscription: ${(error as Error).message}`);
        return;
      }
    }
  });

  const sampler = setInterval(() => {
    collectGarbage();
    const usage = process.memoryUsage();
    memory.push({
      atSeconds: Math.round((performance.now() - runStart) / 1000),
      rssBytes: usage.rss,
      heapUsedBytes: usage.heapUsed,
    });
    const minute = minuteOf(performance.now());
    const sent = [...(latencies[minute]?.values() ?? [])].reduce((sum, list) => sum + list.length, 0);
    log(
      `minute ${minute + 1}: ${sent} answered, ${errorsByMinute[minute]} errors, heap ${mb(usage.heapUsed)}, rss ${mb(usage.rss)}, ${events} events`,
    );
  }, SAMPLE_MS);

  const client = async (seed: number) => {
    const next = generator(seed);
    // Staggered starts, then one request per period; a late request does not make the next one early.
    let due = performance.now() + (seed * PERIOD_MS) / CLIENTS;
    while (due < end) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const operation = pick(next);
      const start = performance.now();
      try {
        await operation.run(next);
        const minute = latencies[minuteOf(start)] as Map<string, number[]>;
        const list = minute.get(operation.name) ?? [];
        list.push(performance.now() - start);
        minute.set(operation.name, list);
      } catch (error) {
        recordError(start, `${operation.name}: ${(error as Error).message.slice(0, 300)}`);
      }
      due = Math.max(due + PERIOD_MS, performance.now());
    }
  };
  log(
    `${CLIENTS} clients at ${(1000 / PERIOD_MS) * CLIENTS} requests/s and ${SUBSCRIBERS} subscribers for ${MINUTES} min`,
  );
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index + 1)));
  clearInterval(sampler);
  stopping = true;
  for (const stream of streams) stream.close();
  await Promise.allSettled(readers);
  await t.app.close();
  await database.dispose();

  // ---- the report ----
  const all = (minute: Map<string, number[]>) => [...minute.values()].flat();
  const p95ByMinute = latencies.map((minute) => (all(minute).length ? percentile(all(minute), 95) : 0));
  const errors = errorsByMinute.reduce((sum, count) => sum + count, 0);
  const verdict = soakVerdict({ samples: memory, p95ByMinute, errors });
  const memoryAt = (minute: number) => memory.filter((sample) => sample.atSeconds <= (minute + 1) * 60).at(-1);
  const fmt = (value: number) => `${value.toFixed(1)}`;
  const perMinute = [
    "| minute | requests | req/s | errors | p50 ms | p95 ms | p99 ms | heap used | RSS |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...latencies.map((minute, index) => {
      const samples = all(minute);
      const figures = samples.length
        ? [percentile(samples, 50), percentile(samples, 95), percentile(samples, 99)].map(fmt)
        : ["–", "–", "–"];
      const sample = memoryAt(index);
      return `| ${index + 1} | ${samples.length} | ${(samples.length / 60).toFixed(1)} | ${errorsByMinute[index]} | ${figures.join(" | ")} | ${sample ? mb(sample.heapUsedBytes) : "–"} | ${sample ? mb(sample.rssBytes) : "–"} |`;
    }),
  ];
  const names = operations.map((operation) => operation.name);
  const perOperation = [
    "| operation | requests | p50 ms | p95 ms | p99 ms | p95 minute 2 → last |",
    "|---|---:|---:|---:|---:|---|",
    ...names.map((name) => {
      const samples = latencies.flatMap((minute) => minute.get(name) ?? []);
      if (!samples.length) return `| ${name} | 0 | – | – | – | – |`;
      const p95Of = (minute: Map<string, number[]> | undefined) => {
        const list = minute?.get(name) ?? [];
        return list.length ? fmt(percentile(list, 95)) : "–";
      };
      return `| ${name} | ${samples.length} | ${fmt(percentile(samples, 50))} | ${fmt(percentile(samples, 95))} | ${fmt(percentile(samples, 99))} | ${p95Of(latencies[Math.min(1, MINUTES - 1)])} → ${p95Of(latencies.at(-1))} |`;
    }),
  ];
  const mark = (ok: boolean) => (ok ? "met" : "**missed**");
  const memoryTable = [
    "| s | heap used | RSS |",
    "|---:|---:|---:|",
    ...memory.map((sample) => `| ${sample.atSeconds} | ${mb(sample.heapUsedBytes)} | ${mb(sample.rssBytes)} |`),
  ];
  const report = [
    `# Soak: ${MINUTES} minute${MINUTES === 1 ? "" : "s"} of steady mixed load${MINUTES === 10 ? "" : " (shortened run)"}`,
    "",
    `Run ${started.toISOString()} (${Math.round((Date.now() - started.getTime()) / 1000)} s with seeding) on ${machine(postgresUrl)}.`,
    "The machine is shared by several engineers working at the same time: latency figures are noisy, and a",
    `neighbour's build can raise a minute's tail. Load average (1 min): ${loadBefore.toFixed(1)} at the start,`,
    `${(os.loadavg()[0] ?? 0).toFixed(1)} at the end.`,
    "",
    `**Verdict: ${verdict.passed ? "passed" : "FAILED"}.**`,
    "",
    "| check | target | figure | |",
    "|---|---|---|---|",
    `| memory | heap floor grows < 10% over the last half | ${verdict.memory.detail} | ${mark(verdict.memory.stable)} |`,
    `| latency | last-minute p95 ≤ 1.5× minute 2's | ${verdict.latency.detail} | ${mark(verdict.latency.stable)} |`,
    `| errors | none (any non-200, GraphQL error or failed bulk item) | ${errors} | ${mark(verdict.errors.none)} |`,
    "",
    `Load: ${CLIENTS} clients each sending one request every ${PERIOD_MS} ms (${(1000 / PERIOD_MS) * CLIENTS} requests/s`,
    `offered) over HTTP on loopback, with ${SUBSCRIBERS} \`boardEvents\` subscribers (${events} events received). The mix,`,
    `by weight: ${operations.map((operation) => `${operation.name} ${operation.weight}`).join(", ")}. A board read is`,
    "the `boardPipelines` document and one pipeline's first page of 50 cards (the web app's documents); a filtered",
    "search is a pipeline page under a label filter and search text, or `searchIssues`; the issue viewer reads one",
    `issue with its workspace fields; label edits add and remove a label on ${NATIVE_ISSUES} native issues; ${createdCount}`,
    `native issues were created. Workspace: ${ISSUES.toLocaleString("en")} issues in 20 repositories over 8 pipelines`,
    `(bench/seed.ts), ${engine}${postgresUrl ? ` (database \`${benchDatabaseName(postgresUrl, "soak")}\`)` : ""}.`,
    "",
    "The server runs in the soak's own process, so heap and RSS include the load clients (small, bounded:",
    "latencies are kept per minute). Each memory sample follows a full collection, so the heap figure is the",
    "live heap; the verdict compares the lowest sample of the last half's two quarters.",
    "",
    "## Per minute",
    "",
    ...perMinute,
    "",
    "## Per operation",
    "",
    ...perOperation,
    "",
    errorMessages.size
      ? `## Errors\n\n${[...errorMessages].map(([message, count]) => `- ${count}× ${message}`).join("\n")}\n`
      : "",
    "## Memory samples (every 10 s)",
    "",
    ...memoryTable,
    "",
  ].join("\n");
  const resultsDir = path.join(import.meta.dirname, "results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `soak-${started.toISOString().slice(0, 10)}${MINUTES === 10 ? "" : `-${MINUTES}min`}.md`,
  );
  writeFileSync(file, report);
  console.log(perMinute.join("\n"));
  log(
    `verdict: ${verdict.passed ? "passed" : "FAILED"}; ${verdict.memory.detail}; ${verdict.latency.detail}; ${errors} errors`,
  );
  log(`written to ${path.relative(process.cwd(), file)}`);
  return verdict.passed;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

// Open handles (pools, timers of the app) must not keep the process alive once the report is written.
main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (error) => {
    console.error("soak failed:", error);
    process.exit(2);
  },
);
