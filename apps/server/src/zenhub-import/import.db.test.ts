import { spawn } from "node:child_process";
import { once } from "node:events";
import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import type { ZhWorkspace } from "@gantry/zenhub-stand-in/data";
import { createZenhubStandIn, type ZenhubStandIn } from "@gantry/zenhub-stand-in/stand-in";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GitHubConfig } from "../codehost/config.js";
import { createInProcessBus } from "../events/event-bus.js";
import type { TestApp } from "../testing/app.js";
import { createOrganization, createWorkspace, errorOf, field, gql, type TestUser } from "../testing/factories.js";
import { gantryWithHub } from "../testing/hub.js";
import { seedZenhubFrom, ZENHUB_KEY } from "../testing/zenhub.js";
import { comparablePlan, zenhubPlan } from "../testing/zenhub-plan.js";
import { THIS_PROCESS } from "./claimant.js";
import { KEY_REFUSED } from "./client.js";
import { OPERATIONS } from "./operations.js";
import { type RunDeps, runZenhubImport, UNREADABLE_WORKSPACE } from "./run.js";

const START = `mutation ($workspaceId: ID!, $apiKey: String!, $zenhubWorkspaceId: String!, $confirmMerge: Boolean) {
  startZenhubImport(input: { workspaceId: $workspaceId, apiKey: $apiKey, zenhubWorkspaceId: $zenhubWorkspaceId, confirmMerge: $confirmMerge }) {
    zenhubImport { id state }
  }
}`;
const PROGRESS = `query ($id: ID!) { workspace(id: $id) { zenhubImports {
  state stage error finished secondsLeft progress { kind done total } skipped { kind name reason }
} } }`;

interface Progress {
  state: string;
  stage: string;
  error: string | null;
  finished: boolean;
  progress: { kind: string; done: number; total: number }[];
  skipped: { kind: string; name: string; reason: string }[];
}

describe.each(testEngines())("ZenHub import on %s", (engine) => {
  let t: TestApp;
  let hub: HubSandbox;
  let github: GitHubConfig;
  let demo: TestUser;
  let zenhub: ZenhubStandIn;
  let seeded: ZhWorkspace;
  const sleeps: number[] = [];

  beforeAll(async () => {
    zenhub = await createZenhubStandIn();
    ({ t, hub, github, demo } = await gantryWithHub(engine, { ZENHUB_API_URL: zenhub.endpoint }));
    const stranger = hub.store.accountByLogin("hubot");
    if (!stranger) throw new Error("no hubot in the demo seed");
    const secret = hub.store.createRepository({ owner: stranger, name: "secret-plans", private: true });
    seeded = seedZenhubFrom(
      zenhub,
      hub,
      ["acme/web-app", "acme/api"],
      [{ ghId: secret.id, ownerName: "hubot", name: "secret-plans", issues: [] }],
    );
  });
  afterAll(async () => {
    await t.close();
    await hub.close();
    await zenhub.close();
  });

  const db = () => t.database.db;
  function runDeps(fetchImpl?: typeof fetch): RunDeps {
    const events = createInProcessBus();
    const now = () => new Date();
    return {
      db: db(),
      secretBox: t.secretBox,
      events,
      now,
      zenhubApiUrl: zenhub.endpoint,
      sleep: async (ms) => void sleeps.push(ms),
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
      codeHost: { db: db(), secretBox: t.secretBox, github, publicUrl: t.config.publicUrl, now, events },
    };
  }

  async function newWorkspace(): Promise<{ globalId: string; id: string }> {
    const globalId = await createWorkspace(t, demo, await createOrganization(t, demo));
    return { globalId, id: decodeGlobalID(globalId).id };
  }

  async function start(workspace: string, variables: Record<string, unknown> = {}) {
    return gql(t, demo.token, START, {
      workspaceId: workspace,
      apiKey: ZENHUB_KEY,
      zenhubWorkspaceId: seeded.id,
      confirmMerge: true,
      ...variables,
    });
  }

  async function importId(workspace: string): Promise<string> {
    const answer = await start(workspace);
    return decodeGlobalID(field<{ zenhubImport: { id: string } }>(answer, "startZenhubImport").zenhubImport.id).id;
  }

  async function progress(workspace: string): Promise<Progress> {
    const answer = await gql(t, demo.token, PROGRESS, { id: workspace });
    const imports = field<{ zenhubImports: Progress[] }>(answer, "workspace").zenhubImports;
    if (!imports[0]) throw new Error("no import");
    return imports[0];
  }

  async function rows<Row>(text: string, values: unknown[]): Promise<Row[]> {
    return (await t.database.executeSql(text, values)).rows as Row[];
  }
  const plan = (workspaceId: string) => zenhubPlan(t.database.executeSql, workspaceId);

  it("lists the workspaces a key can read, and refuses a wrong key in the person's words", async () => {
    const listed = await gql(
      t,
      demo.token,
      "query ($k: String!) { zenhubWorkspacesForKey(apiKey: $k) { id name organizationName } }",
      {
        k: ZENHUB_KEY,
      },
    );
    expect(field<{ name: string }[]>(listed, "zenhubWorkspacesForKey").map((choice) => choice.name)).toEqual([
      "Payments",
    ]);
    const refused = await gql(t, demo.token, "query ($k: String!) { zenhubWorkspacesForKey(apiKey: $k) { id } }", {
      k: "zh_wrong_key_000000",
    });
    expect(errorOf(refused).message).toBe(KEY_REFUSED);
  });

  it("creates nothing for a wrong key or a workspace the key cannot read", async () => {
    const { globalId, id } = await newWorkspace();
    expect(errorOf(await start(globalId, { apiKey: "zh_wrong_key_000000" })).message).toBe(KEY_REFUSED);
    expect(errorOf(await start(globalId, { zenhubWorkspaceId: "Z2lkOi8vcmFwdG9yL1dvcmtzcGFjZS85OTk5" })).message).toBe(
      UNREADABLE_WORKSPACE,
    );
    const rows = await db().select().from(schema.zenhubImports).where(eq(schema.zenhubImports.workspaceId, id));
    expect(rows).toEqual([]);
  });

  it("is for workspace admins only", async () => {
    const { globalId } = await newWorkspace();
    const outsider = await gql(t, "not-a-session", START, {
      workspaceId: globalId,
      apiKey: ZENHUB_KEY,
      zenhubWorkspaceId: seeded.id,
    });
    expect(outsider.errors?.length).toBeGreaterThan(0);
  });

  it("recreates the ZenHub workspace: pipelines in order, positions, estimates, priorities, epics, sprints, releases", async () => {
    const { globalId, id } = await newWorkspace();
    const sent = zenhub.requests.length;
    await runZenhubImport(runDeps(), await importId(globalId));
    const seen = await progress(globalId);
    expect(seen).toMatchObject({ state: "DONE", stage: "done", error: null, finished: true });
    expect(seen.skipped).toContainEqual({
      kind: "repository",
      name: "hubot/secret-plans",
      reason: "Your GitHub account cannot reach this repository, so its issues were left out.",
    });
    // Every operation the import sent is one of its own, each valid against the reference schema (the stand-in refuses others).
    const names = new Set(zenhub.requests.slice(sent).map((request) => request.operationName));
    for (const name of names) expect(Object.keys(OPERATIONS)).toContain(name);

    const pipelines = await db()
      .select({ name: schema.pipelines.name, description: schema.pipelines.description })
      .from(schema.pipelines)
      .where(eq(schema.pipelines.workspaceId, id))
      .orderBy(asc(sql`${schema.pipelines.rank} collate "C"`));
    expect(pipelines.slice(0, seeded.pipelines.length)).toEqual(
      seeded.pipelines.map((pipeline) => ({ name: pipeline.name, description: pipeline.description })),
    );

    // Each pipeline's GitHub issues in ZenHub's order, with ZenHub's estimates and priorities.
    const { board, epics, sprints, sprintIssues, releases, dependencies, connections } = await plan(id);
    for (const pipeline of seeded.pipelines) {
      const expected = zenhub.store.pipelineIssues(seeded, pipeline.id).map((issue) => ({
        number: issue.number,
        estimate: issue.estimate,
        priority: seeded.priorities.find((priority) => priority.id === issue.priorityId)?.name ?? null,
      }));
      const got = board
        .filter((row) => row.pipeline === pipeline.name && row.state === "open")
        .map((row) => ({ number: row.number, estimate: row.estimate, priority: row.priority }));
      expect(got).toEqual(expected);
    }
    const natives = board.filter((row) => row.repo === "Payments" || String(row.title).startsWith("ZenHub task"));
    expect(natives.map((row) => row.title).sort()).toEqual(["ZenHub task 1", "ZenHub task 2"]);
    expect(board.some((row) => row.parent !== null)).toBe(true);
    expect({ epics, sprints, releases, dependencies }).toEqual({ epics: 1, sprints: 3, releases: 1, dependencies: 1 });
    // ZenHub's epic keeps its state: "In progress" is not flattened to open.
    const epicStates = await db()
      .select({ title: schema.gantryEpics.title, state: schema.gantryEpics.state })
      .from(schema.gantryEpics)
      .where(eq(schema.gantryEpics.workspaceId, id));
    expect(epicStates).toEqual([{ title: "Checkout revamp", state: "IN_PROGRESS" }]);
    // The epic's owner with a Gantry account (matched by GitHub login) and its ZenHub labels; the other owner is reported.
    const epicPeople = await rows<{ email: string }>(
      `select u.email from gantry_epic_assignees a join users u on u.id = a.user_id
       join gantry_epics g on g.id = a.gantry_epic_id where g.workspace_id = $1`,
      [id],
    );
    expect(epicPeople.map((row) => row.email)).toEqual([demo.email]);
    expect(seen.skipped).toContainEqual({
      kind: "assignee",
      name: "Olu Outside",
      reason:
        "No one in this Gantry organisation has their GitHub login or email, so their epics were imported without them.",
    });
    const epicLabels = await rows<{ name: string; color: string }>(
      `select l.name, l.color from gantry_epic_labels el join gantry_labels l on l.id = el.gantry_label_id
       where l.workspace_id = $1 order by l.name`,
      [id],
    );
    expect(epicLabels).toEqual([
      { name: "customer-request", color: "#1f75cb" },
      { name: "tech-debt", color: "#e5a00d" },
    ]);
    // Issue-level ZenHub labels land on the same issues, by repository and number.
    const labelledIssues = await rows<{ repo: string; number: number }>(
      `select r.name as repo, i.number from issue_gantry_labels il join gantry_labels l on l.id = il.gantry_label_id
       join issues i on i.id = il.issue_id join repositories r on r.id = i.repository_id
       where l.workspace_id = $1 and l.name = 'tech-debt' order by r.name, i.number`,
      [id],
    );
    const expectedLabelled = [...zenhub.store.issues.values()]
      .filter((issue) => issue.zenhubLabelIds.length > 0 && seeded.repositoryIds.includes(issue.repositoryId))
      .map((issue) => ({ repo: zenhub.store.repositories.get(issue.repositoryId)?.name ?? "", number: issue.number }))
      .filter((issue) => issue.repo !== "secret-plans" && issue.repo !== "Payments")
      .sort((a, b) => a.repo.localeCompare(b.repo) || a.number - b.number);
    expect(expectedLabelled.length).toBeGreaterThan(0);
    expect(labelledIssues).toEqual(expectedLabelled);
    // The API reads them back (GantryEpic.assignees / labels, Issue.gantryLabels), and an editor can change them.
    const [epicRow] = await db().select().from(schema.gantryEpics).where(eq(schema.gantryEpics.workspaceId, id));
    const epicId = encodeGlobalID("GantryEpic", epicRow?.id ?? "");
    const EPIC = `query ($id: ID!) { node(id: $id) { ... on GantryEpic {
      assignees(first: 10) { nodes { email } } labels { id name color } } } }`;
    const readEpic = async () =>
      field<{ assignees: { nodes: { email: string }[] }; labels: { id: string; name: string; color: string }[] }>(
        await gql(t, demo.token, EPIC, { id: epicId }),
        "node",
      );
    const epicOnApi = await readEpic();
    expect(epicOnApi.assignees.nodes).toEqual([{ email: demo.email }]);
    expect(epicOnApi.labels.map((label) => label.name)).toEqual(["customer-request", "tech-debt"]);
    const removed = await gql(
      t,
      demo.token,
      `mutation ($input: RemoveGantryLabelsFromGantryEpicsInput!) { removeGantryLabelsFromGantryEpics(input: $input) { gantryEpics { labels { name } } } }`,
      { input: { gantryEpicIds: [epicId], gantryLabelIds: [epicOnApi.labels[1]?.id] } },
    );
    expect(
      field<{ gantryEpics: { labels: { name: string }[] }[] }>(removed, "removeGantryLabelsFromGantryEpics"),
    ).toEqual({ gantryEpics: [{ labels: [{ name: "customer-request" }] }] });
    const refused = await gql(
      t,
      "not-a-session",
      `mutation ($input: AddAssigneesToGantryEpicsInput!) { addAssigneesToGantryEpics(input: $input) { gantryEpics { id } } }`,
      { input: { gantryEpicIds: [epicId], assigneeIds: [demo.id] } },
    );
    expect(refused.errors?.length).toBeGreaterThan(0);
    await gql(
      t,
      demo.token,
      `mutation ($input: AddGantryLabelsToGantryEpicsInput!) { addGantryLabelsToGantryEpics(input: $input) { gantryEpics { id } } }`,
      { input: { gantryEpicIds: [epicId], gantryLabelIds: [epicOnApi.labels[1]?.id] } },
    );
    // As a ZenHub script adds a label by name and colour: a bad colour writes nothing; a good one makes the label.
    const ADD_BY_NAME = `mutation ($input: AddGantryLabelsToGantryEpicsInput!) {
      addGantryLabelsToGantryEpics(input: $input) { gantryEpics { labels { name color } } } }`;
    const badColour = await gql(t, demo.token, ADD_BY_NAME, {
      input: { gantryEpicIds: [epicId], labelInfos: [{ name: "needs-design", color: "blue" }] },
    });
    expect(badColour.errors?.[0]?.message).toBe("A label's colour must be six hex digits, like #1f75cb.");
    expect((await readEpic()).labels.map((label) => label.name)).toEqual(["customer-request", "tech-debt"]);
    const byName = await gql(t, demo.token, ADD_BY_NAME, {
      input: { gantryEpicIds: [epicId], labelInfos: [{ name: "needs-design", color: "7057ff" }] },
    });
    expect(
      field<{ gantryEpics: { labels: { name: string; color: string }[] }[] }>(byName, "addGantryLabelsToGantryEpics")
        .gantryEpics[0]?.labels,
    ).toContainEqual({ name: "needs-design", color: "#7057ff" });
    // The release is for the repositories ZenHub named.
    const releaseRepos = await rows<{ name: string }>(
      `select rp.name from release_repositories rr join releases r on r.id = rr.release_id
       join repositories rp on rp.id = rr.repository_id where r.workspace_id = $1`,
      [id],
    );
    expect(releaseRepos.map((row) => row.name)).toEqual(
      (seeded.releases[0]?.repositoryIds ?? []).map(
        (repositoryId) => zenhub.store.repositories.get(repositoryId)?.name,
      ),
    );
    expect(sprintIssues).toBe(seeded.sprints.reduce((sum, sprint) => sum + sprint.issueIds.length, 0));
    expect(connections).toBeGreaterThan(0);
    // ZenHub's PR connections read back through the API, as a script reads them.
    const [link] = await db()
      .select({
        issueId: schema.issuePullRequestConnections.issueId,
        prId: schema.issuePullRequestConnections.pullRequestId,
      })
      .from(schema.issuePullRequestConnections)
      .where(eq(schema.issuePullRequestConnections.workspaceId, id))
      .limit(1);
    const [pr] = await db()
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, link?.prId ?? ""));
    const connected = await gql(
      t,
      demo.token,
      "query ($id: ID!) { node(id: $id) { ... on Issue { connectedPrs { totalCount nodes { number pullRequest } } } } }",
      { id: encodeGlobalID("Issue", link?.issueId ?? "") },
    );
    expect(field<{ connectedPrs: { nodes: unknown[] } }>(connected, "node").connectedPrs.nodes).toContainEqual({
      number: pr?.number,
      pullRequest: true,
    });
    const closedSprints = await db()
      .select({ name: schema.sprints.name })
      .from(schema.sprints)
      .where(and(eq(schema.sprints.workspaceId, id), eq(schema.sprints.state, "CLOSED")));
    expect(closedSprints.map((sprint) => sprint.name).sort()).toEqual(["Sprint 1", "Sprint 2"]);
    // The closed sprints' history is there for reports from the start: their points count.
    const velocity = await gql(
      t,
      demo.token,
      "query ($id: ID!) { workspace(id: $id) { reports { velocity { sprints { sprint { name } committedPoints } } } } }",
      { id: globalId },
    );
    const sprintsOnReport = field<{
      reports: { velocity: { sprints: { sprint: { name: string }; committedPoints: number }[] } };
    }>(velocity, "workspace").reports.velocity.sprints;
    expect(sprintsOnReport.map((row) => row.sprint.name)).toEqual(["Sprint 1", "Sprint 2"]);
    for (const row of sprintsOnReport) expect(row.committedPoints).toBeGreaterThan(0);
    const [config] = await db().select().from(schema.sprintConfigs).where(eq(schema.sprintConfigs.workspaceId, id));
    expect(config).toMatchObject({ name: "Sprint", period: 2, tzIdentifier: "UTC" });
    const [key] = await db()
      .select({ sealed: schema.zenhubImports.sealedApiKey })
      .from(schema.zenhubImports)
      .where(eq(schema.zenhubImports.workspaceId, id));
    expect(key?.sealed).toBeNull();

    // Running it again changes nothing.
    const before = await plan(id);
    await runZenhubImport(runDeps(), await importId(globalId));
    expect(await plan(id)).toEqual(before);
  });

  it("resumes after being killed midway without duplicating anything, and waits out 429s", async () => {
    const reference = await newWorkspace();
    await runZenhubImport(runDeps(), await importId(reference.globalId));
    const expected = await plan(reference.id);

    const { globalId, id } = await newWorkspace();
    const run = await importId(globalId);
    const kill = new AbortController();
    let issuePages = 0;
    const killing: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (String(init?.body).includes('"operationName":"PipelineIssues"') && ++issuePages === 3) kill.abort();
      return answer;
    };
    await expect(runZenhubImport(runDeps(killing), run, kill.signal)).rejects.toThrow();
    const stopped = await progress(globalId);
    expect(stopped.stage).toBe("issues");
    expect(stopped.state).toBe("RUNNING");

    // The killed process's claim is stale once it stops saving progress; then another run takes over.
    await db()
      .update(schema.zenhubImports)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(schema.zenhubImports.id, run));
    zenhub.throttleNext(2, 7);
    sleeps.length = 0;
    await runZenhubImport(runDeps(), run);
    expect(sleeps).toEqual([7000, 7000]);
    expect((await progress(globalId)).state).toBe("DONE");
    const resumed = await plan(id);
    // The same plan as an import that was never stopped (the workspaces' own Gantry repositories aside).
    expect(comparablePlan(resumed)).toEqual(comparablePlan(expected));
  });

  it("takes over at once from a run whose process has ended on this host, never from one still running", async () => {
    const { globalId } = await newWorkspace();
    const run = await importId(globalId);
    // The run is another process of this host's, stopped after its first page of issues.
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const claims = {
      self: { ...THIS_PROCESS, pid: other.pid as number, start: "other" },
      databaseIsThisProcess: false,
    };
    const kill = new AbortController();
    const killing: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (String(init?.body).includes('"operationName":"PipelineIssues"')) kill.abort();
      return answer;
    };
    await expect(runZenhubImport({ ...runDeps(killing), claims }, run, kill.signal)).rejects.toThrow();

    // Its claim is minutes from lapsing; while its process runs, this one leaves the import alone.
    expect(await runZenhubImport(runDeps(), run)).toMatchObject({ kind: "held" });
    expect((await progress(globalId)).state).toBe("RUNNING");
    other.kill("SIGKILL");
    await once(other, "exit");
    expect(await runZenhubImport(runDeps(), run)).toEqual({ kind: "ran" });
    expect(await progress(globalId)).toMatchObject({ state: "DONE", error: null });
  });

  it("paces itself to ZenHub's processing-time budget: a small budget makes it slower, not failed", async () => {
    const { globalId } = await newWorkspace();
    const run = await importId(globalId);
    // ZenHub's budget shrunk to a second: 150 ms of processing per second, each answer taking 20 ms or more.
    const limits = zenhub.budgets.limits;
    zenhub.budgets.limits = { processingMsPerWindow: 150, windowMs: 1_000, maxConcurrent: 30 };
    zenhub.setLatency(20);
    zenhub.budgets.peakConcurrent = 0;
    const refusedBefore = zenhub.budgets.refused;
    const sentBefore = zenhub.requests.length;
    const waits: number[] = [];
    const started = performance.now();
    try {
      await runZenhubImport(
        {
          ...runDeps(),
          budgetWindowMs: 1_000,
          sleep: (ms) => {
            waits.push(ms);
            return new Promise((resolve) => setTimeout(resolve, ms));
          },
        },
        run,
      );
    } finally {
      zenhub.budgets.limits = limits;
      zenhub.setLatency(0);
    }
    const seconds = (performance.now() - started) / 1000;
    expect(await progress(globalId)).toMatchObject({ state: "DONE", error: null });
    const requests = zenhub.requests.length - sentBefore;
    // Each request costs at least 20 ms of a budget of 150 ms refilled 150 ms a second: the import
    // waited for the refill (before sending, so ZenHub refused nothing) and took the time that needs.
    expect(waits.length).toBeGreaterThan(0);
    expect(seconds).toBeGreaterThan((requests * 20 - 150) / 150 - 0.5);
    expect(zenhub.budgets.refused).toBe(refusedBefore);
    expect(zenhub.budgets.peakConcurrent).toBeLessThanOrEqual(30);
  });

  it("records where and why a failure stopped it, and the retry continues from there", async () => {
    const { globalId } = await newWorkspace();
    const run = await importId(globalId);
    let pages = 0;
    const failing: typeof fetch = async (input, init) => {
      if (String(init?.body).includes('"operationName":"Sprints"') && ++pages === 1) {
        return new Response(JSON.stringify({ errors: [{ message: "Internal error" }] }), { status: 200 });
      }
      return fetch(input, init);
    };
    await expect(runZenhubImport(runDeps(failing), run)).rejects.toThrow(/Internal error/);
    const failed = await progress(globalId);
    expect(failed).toMatchObject({ state: "FAILED", stage: "sprints", finished: false });
    expect(failed.error).toBe("Stopped while importing sprints: ZenHub refused Sprints: Internal error");
    await runZenhubImport(runDeps(), run);
    expect(await progress(globalId)).toMatchObject({ state: "DONE", error: null });
  });
});

describe.each(testEngines())("ZenHub import as a background job on %s", (engine) => {
  let t: TestApp;
  let hub: HubSandbox;
  let demo: TestUser;
  let workspace: string;
  let zenhub: ZenhubStandIn;

  beforeAll(async () => {
    zenhub = await createZenhubStandIn();
    ({ t, hub, demo, workspace } = await gantryWithHub(engine, { ZENHUB_API_URL: zenhub.endpoint }, 0.5));
  });
  afterAll(async () => {
    await t.close();
    await hub.close();
    await zenhub.close();
  });

  it("starting an import queues a pg-boss job that runs it to the end", async () => {
    const seeded = seedZenhubFrom(zenhub, hub);
    const started = await gql(t, demo.token, START, {
      workspaceId: workspace,
      apiKey: ZENHUB_KEY,
      zenhubWorkspaceId: seeded.id,
      confirmMerge: false,
    });
    expect(field<{ zenhubImport: { state: string } }>(started, "startZenhubImport").zenhubImport.state).toBe("QUEUED");
    let state = "QUEUED";
    for (let attempt = 0; attempt < 240 && state !== "DONE" && state !== "FAILED"; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await gql(t, demo.token, PROGRESS, { id: workspace });
      state = field<{ zenhubImports: Progress[] }>(answer, "workspace").zenhubImports[0]?.state ?? "";
    }
    expect(state).toBe("DONE");
  });
});
