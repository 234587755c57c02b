/**
 * B4: a 10,000-issue repository imported from the hub sandbox, then webhook ingest. A person
 * signed in with GitHub connects the repository to a workspace (addRepositoryToWorkspace, over
 * HTTP); the figure is the time until the import is done and the list requests the sandbox
 * served for it. Then signed `issues` deliveries (edited and labeled, a different issue each) are
 * sent as fast as the server takes them, 16 at a time, until every change is in the database.
 */
import { randomUUID } from "node:crypto";
import { schema } from "@gantry/db";
import type { TestDatabase } from "@gantry/db/testing";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { sign } from "@octokit/webhooks-methods";
import { and, count, eq, like, sql } from "drizzle-orm";
import { issueWire } from "../apps/hub-sandbox/src/issues/wire.js";
import { WEBHOOK_PATH } from "../apps/server/src/codehost/repositories.js";
import type { TestApp } from "../apps/server/src/testing/app.js";
import { gql, type TestUser } from "../apps/server/src/testing/factories.js";
import { demoWithWorkspace } from "../apps/server/src/testing/hub.js";
import { demoHubWithIssues, gantryBesideHub } from "./hub-gantry.js";
import type { Benchmark, Row } from "./registry.js";
import { benchDatabase } from "./seed.js";

const IMPORT_TARGET_S = 30;
const LIST_TARGET = 100;
const EVENTS_TARGET = 500;
const SENDERS = 16;
const LABEL = { name: "triage", color: "fbca04" };

const ADD = `mutation ($workspace: ID!, $repo: ID!) {
  addRepositoryToWorkspace(input: { workspaceId: $workspace, repositoryGhId: $repo }) { workspaceRepository { __typename } }
}`;

interface Setup {
  database: TestDatabase;
  hub: HubSandbox;
  t: TestApp;
  port: number;
  demo: TestUser;
  workspace: string;
  /** Requests the sandbox served, as "METHOD path" (query left out). */
  requests: string[];
}

export async function setUp(postgresUrl: string | null, issues: number): Promise<Setup> {
  const database = await benchDatabase(postgresUrl, "bench_b4");
  const requests: string[] = [];
  const hub = await demoHubWithIssues([{ repo: "big", issues }], (request) =>
    requests.push(`${request.method} ${request.url.replace(/\?.*/, "")}`),
  );
  const { t, port } = await gantryBesideHub(database, hub);
  const { demo, workspace } = await demoWithWorkspace(t, hub);
  return { database, hub, t, port, demo, workspace, requests };
}

async function importState(database: TestDatabase, ghId: number) {
  const [row] = await database.db
    .select({ id: schema.repositories.id, state: schema.repositories.importState })
    .from(schema.repositories)
    .where(eq(schema.repositories.ghId, ghId));
  return row;
}

/** Connects demo/big and waits for its import; answers the wall time and the sandbox's requests meanwhile. */
export async function measureImport(setup: Setup, issues: number) {
  const repository = setup.hub.store.repository("demo", "big");
  if (!repository) throw new Error("the sandbox has no demo/big");
  setup.requests.length = 0;
  const start = performance.now();
  const added = await gql(setup.t, setup.demo.token, ADD, { workspace: setup.workspace, repo: String(repository.id) });
  if (added.errors) throw new Error(`addRepositoryToWorkspace: ${JSON.stringify(added.errors)}`);
  let state = await importState(setup.database, repository.id);
  while (state?.state !== "done") {
    if (state?.state === "failed") throw new Error("the import failed");
    if (performance.now() - start > 600_000) throw new Error("the import took over ten minutes");
    await new Promise((resolve) => setTimeout(resolve, 25));
    state = await importState(setup.database, repository.id);
  }
  const seconds = (performance.now() - start) / 1000;
  const requests = [...setup.requests];
  const [stored] = await setup.database.db
    .select({ n: count() })
    .from(schema.issues)
    .where(eq(schema.issues.repositoryId, state.id));
  if (stored?.n !== issues) throw new Error(`imported ${stored?.n} of ${issues} issues`);
  const lists = requests.filter((request) => /^GET \S+\/(issues|pulls)$/.test(request));
  return { seconds, requests, lists, repositoryId: state.id };
}

/**
 * Deliveries as the sandbox (GitHub's shapes) would send them for an edit or a label added to each
 * of the first `events` issues, an hour later than the imported versions. Built and signed before
 * the clock starts.
 */
async function deliveries(setup: Setup, events: number, secret: string) {
  const { store } = setup.hub;
  const repository = store.repository("demo", "big");
  const sender = store.accountByLogin("demo");
  if (!repository || !sender) throw new Error("the sandbox has no demo/big");
  const site = { webUrl: setup.hub.url, apiUrl: setup.hub.apiUrl };
  const later = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");
  const repositoryWire = { id: repository.id, name: repository.name, full_name: "demo/big" };
  const issues = [...repository.issues.values()].slice(0, events);
  return Promise.all(
    issues.map(async (issue, index) => {
      const wire = { ...issueWire(site, store, repository, issue), updated_at: later };
      const labeled = index % 2 === 1;
      const payload = labeled
        ? {
            action: "labeled",
            issue: { ...wire, labels: [...wire.labels, { id: 1, name: LABEL.name, color: LABEL.color }] },
            label: LABEL,
            repository: repositoryWire,
            sender: { login: sender.login },
          }
        : {
            action: "edited",
            issue: { ...wire, title: `${wire.title} (edited)` },
            changes: { title: { from: wire.title } },
            repository: repositoryWire,
            sender: { login: sender.login },
          };
      const body = JSON.stringify(payload);
      return { body, signature: await sign(secret, body) };
    }),
  );
}

async function applied(setup: Setup, repositoryId: string): Promise<number> {
  const [edited] = await setup.database.db
    .select({ n: count() })
    .from(schema.issues)
    .where(and(eq(schema.issues.repositoryId, repositoryId), like(schema.issues.title, "% (edited)")));
  const [labeled] = await setup.database.db
    .select({ n: count() })
    .from(schema.issues)
    .where(
      and(
        eq(schema.issues.repositoryId, repositoryId),
        sql`${schema.issues.labels} @> ${JSON.stringify([{ name: LABEL.name }])}::jsonb`,
      ),
    );
  return (edited?.n ?? 0) + (labeled?.n ?? 0);
}

export async function measureIngest(setup: Setup, repositoryId: string, events: number) {
  const [repository] = await setup.database.db
    .select({ secret: schema.repositories.encryptedHookSecret })
    .from(schema.repositories)
    .where(eq(schema.repositories.id, repositoryId));
  if (!repository?.secret) throw new Error("the import installed no webhook");
  const prepared = await deliveries(setup, events, setup.t.secretBox.open(repository.secret));
  const url = `http://127.0.0.1:${setup.port}${WEBHOOK_PATH}`;
  const statuses = new Map<number, number>();
  let next = 0;
  const sender = async () => {
    while (next < prepared.length) {
      const delivery = prepared[next++] as (typeof prepared)[number];
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-github-event": "issues",
          "x-github-delivery": randomUUID(),
          "x-hub-signature-256": delivery.signature,
        },
        body: delivery.body,
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: SENDERS }, sender));
  // Applied means visible in the database; each answer comes after its transaction committed.
  const visible = await applied(setup, repositoryId);
  const seconds = (performance.now() - start) / 1000;
  return { seconds, visible, rate: visible / seconds, statuses };
}

export const b4ImportWebhooks: Benchmark = {
  id: "B4",
  title: "import of a 10,000-issue repository, then webhook ingest",
  async run({ quick, postgresUrl, log }) {
    const issues = quick ? 1_000 : 10_000;
    const events = quick ? 1_000 : 5_000;
    // PGlite (the development engine) at quick sizes only: its one connection makes the full run take a quarter of an hour.
    const engines = postgresUrl ? (quick ? [postgresUrl, null] : [postgresUrl]) : [null];
    const rows: Row[] = [];
    for (const url of engines) {
      const engine = url ? "PostgreSQL" : "PGlite";
      const targeted = url !== null && !quick;
      const setup = await setUp(url, issues);
      try {
        const imported = await measureImport(setup, issues);
        log(
          `${engine}: ${issues} issues imported in ${imported.seconds.toFixed(1)} s, ${imported.lists.length} list requests (${imported.requests.length} in all)`,
        );
        const ingest = await measureIngest(setup, imported.repositoryId, events);
        log(`${engine}: ${ingest.visible} of ${events} deliveries applied in ${ingest.seconds.toFixed(1)} s`);
        const size = issues.toLocaleString("en");
        const answers = [...ingest.statuses].map(([status, n]) => `${n}× ${status}`).join(", ");
        rows.push(
          {
            case: `import of ${size} issues: list requests, ${engine}`,
            target: targeted ? `≤ ${LIST_TARGET}` : "reported",
            figure: `${imported.lists.length} (${imported.requests.length} requests in all)`,
            met: targeted ? imported.lists.length <= LIST_TARGET : null,
          },
          {
            case: `import of ${size} issues: wall time, ${engine}`,
            target: targeted ? `≤ ${IMPORT_TARGET_S} s` : "reported",
            figure: `${imported.seconds.toFixed(1)} s`,
            met: targeted ? imported.seconds <= IMPORT_TARGET_S : null,
          },
          {
            case: `webhook ingest, ${events.toLocaleString("en")} deliveries, ${engine}`,
            target: url ? `≥ ${EVENTS_TARGET} events/s applied` : "reported",
            figure: `${ingest.rate.toFixed(0)} events/s (${ingest.visible} applied in ${ingest.seconds.toFixed(1)} s; answers ${answers})`,
            met: url ? ingest.rate >= EVENTS_TARGET && ingest.visible === events : null,
          },
        );
      } finally {
        await setup.t.app.close();
        await setup.hub.close();
        await setup.database.dispose();
      }
    }
    return {
      rows,
      notes: [
        "The hub sandbox (apps/hub-sandbox) runs in the benchmark's process with a generated repository",
        "`demo/big` (issues only, a quarter closed; `seedIssues`), and counts the requests it serves",
        "(its `onRequest` option). Gantry runs in the same process on its own port, pointed at the sandbox;",
        "`demo` signs in with GitHub (the OAuth web flow), makes a workspace and connects `demo/big` with",
        "`addRepositoryToWorkspace` over GraphQL. Import time runs from that request until the repository's",
        "import state is `done` (the webhook installed, every page of 100 stored and placed on the board);",
        "list requests are the `GET …/issues` and `GET …/pulls` pages among the sandbox's requests meanwhile.",
        "",
        `Ingest: one \`issues\` delivery per issue (alternately \`edited\`, a new title, and \`labeled\`, a new`,
        "label), in GitHub's payload shape from the sandbox's own `issueWire`, an hour newer than the stored",
        `version and signed with the hook's secret, sent by ${SENDERS} concurrent senders over HTTP. The clock stops`,
        "when every answer is in and the database shows every change (titles and labels counted).",
        "Pull requests are left out of the repository: each 100 of them would add one `GET …/pulls` page",
        "(the import reads requested reviewers there). PGlite runs at the quick sizes only.",
      ].join("\n"),
    };
  },
};
