/**
 * B8: a 10,000-issue, 40-repository ZenHub workspace imported from the ZenHub stand-in. The hub
 * sandbox holds the 40 repositories (250 issues each, no pull requests); the stand-in's workspace
 * points at them with ZenHub's layout (seven pipelines, estimates, priorities, epics, sprints,
 * releases). A person signed in with GitHub starts the import over GraphQL; the figure is the run's
 * wall time, GitHub's imports of the 40 repositories included, and the ZenHub requests it sent per
 * issue placed.
 */
import { schema } from "@gantry/db";
import { seedRepositoryFrom } from "@gantry/zenhub-stand-in/from-hub";
import { seedWorkspace } from "@gantry/zenhub-stand-in/seed";
import { createZenhubStandIn } from "@gantry/zenhub-stand-in/stand-in";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { count, eq } from "drizzle-orm";
import { createInProcessBus } from "../apps/server/src/events/event-bus.js";
import { field, gql } from "../apps/server/src/testing/factories.js";
import { demoWithWorkspace, SANDBOX_CLIENT } from "../apps/server/src/testing/hub.js";
import { runZenhubImport } from "../apps/server/src/zenhub-import/run.js";
import { demoHubWithIssues, gantryBesideHub } from "./hub-gantry.js";
import { machine } from "./machine.js";
import type { Benchmark } from "./registry.js";
import { benchDatabase } from "./seed.js";

const TIME_TARGET_S = 60;
const ISSUES_PER_REQUEST_TARGET = 50;
const KEY = "zh_bench_key_0123456789";
const START = `mutation ($workspaceId: ID!, $apiKey: String!, $zenhubWorkspaceId: String!) {
  startZenhubImport(input: { workspaceId: $workspaceId, apiKey: $apiKey, zenhubWorkspaceId: $zenhubWorkspaceId }) {
    zenhubImport { id }
  }
}`;

async function measure(postgresUrl: string | null, repositoryCount: number, issuesEach: number) {
  const database = await benchDatabase(postgresUrl, "gantry_bench_b8");
  const names = Array.from({ length: repositoryCount }, (_, index) => `zh-${String(index + 1).padStart(2, "0")}`);
  const hub = await demoHubWithIssues(names.map((repo) => ({ repo, issues: issuesEach })));
  const zenhub = await createZenhubStandIn({
    seed: (store) =>
      seedWorkspace(store, {
        key: KEY,
        name: "Big board",
        repositories: names.map((name) => seedRepositoryFrom(hub.store, `demo/${name}`)),
      }),
  });
  const { t } = await gantryBesideHub(database, hub, { ZENHUB_API_URL: zenhub.endpoint });
  try {
    const { demo, workspace } = await demoWithWorkspace(t, hub);
    const { token } = demo;
    const zenhubWorkspace = [...zenhub.store.workspaces.values()][0];
    if (!zenhubWorkspace) throw new Error("the stand-in has no workspace");
    const started = await gql(t, token, START, {
      workspaceId: workspace,
      apiKey: KEY,
      zenhubWorkspaceId: zenhubWorkspace.id,
    });
    const importId = decodeGlobalID(
      field<{ zenhubImport: { id: string } }>(started, "startZenhubImport").zenhubImport.id,
    ).id;
    const sentBefore = zenhub.requests.length;
    const events = createInProcessBus();
    const now = () => new Date();
    const begin = performance.now();
    await runZenhubImport(
      {
        db: database.db,
        secretBox: t.secretBox,
        events,
        now,
        zenhubApiUrl: zenhub.endpoint,
        codeHost: {
          db: database.db,
          secretBox: t.secretBox,
          github: { webUrl: hub.url, apiUrl: hub.apiUrl, ...SANDBOX_CLIENT, reconcileIntervalMs: 0 },
          publicUrl: t.config.publicUrl,
          now,
          events,
        },
      },
      importId,
    );
    const seconds = (performance.now() - begin) / 1000;
    const [run] = await database.db.select().from(schema.zenhubImports).where(eq(schema.zenhubImports.id, importId));
    if (run?.state !== "done") throw new Error(`the import ended ${run?.state}: ${run?.error}`);
    const [placed] = await database.db
      .select({ n: count() })
      .from(schema.issuePositions)
      .where(eq(schema.issuePositions.workspaceId, decodeGlobalID(workspace).id));
    const requests = zenhub.requests.length - sentBefore;
    return { seconds, requests, placed: run.progress.issues?.done ?? 0, onBoard: placed?.n ?? 0 };
  } finally {
    await t.close();
    await zenhub.close();
    await hub.close();
  }
}

export const b8ZenhubImport: Benchmark = {
  id: "B8",
  title: "ZenHub workspace import",
  async run({ quick, postgresUrl, log }) {
    const repositories = quick ? 4 : 40;
    const issuesEach = quick ? 50 : 250;
    const total = repositories * issuesEach;
    log(`importing a ${total}-issue, ${repositories}-repository ZenHub workspace`);
    const result = await measure(postgresUrl, repositories, issuesEach);
    const perRequest = result.placed / Math.max(1, result.requests);
    const size = `${total.toLocaleString("en")} issues, ${repositories} repositories`;
    return {
      rows: [
        {
          case: `${size}, ${postgresUrl ? "PostgreSQL" : "PGlite"}`,
          target: `≤ ${TIME_TARGET_S} s`,
          figure: `${result.seconds.toFixed(1)} s`,
          met: quick ? null : result.seconds <= TIME_TARGET_S,
        },
        {
          case: `${size}: ZenHub requests`,
          target: `≥ ${ISSUES_PER_REQUEST_TARGET} issues placed a request`,
          figure: `${result.requests} requests for ${result.placed.toLocaleString("en")} issues (${perRequest.toFixed(1)} a request)`,
          met: quick ? null : perRequest >= ISSUES_PER_REQUEST_TARGET,
        },
      ],
      notes: [
        `Machine: ${machine(postgresUrl)}.`,
        `The wall time includes GitHub's imports of the ${repositories} repositories from the hub sandbox (in the same`,
        "process, like the stand-in), which the import waits for before placing issues. The stand-in is in process too,",
        `so its work (building each page from ${total.toLocaleString("en")} issues) is in the figure. ${result.onBoard.toLocaleString("en")}`,
        "positions on the board at the end (closed issues keep the place GitHub's import gave them).",
      ].join(" "),
    };
  },
};
