import { testEngines } from "@gantry/db/testing";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { Octokit } from "@octokit/rest";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxMailer } from "../mail/mailer.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import { createOrganization, createWorkspace, field, gql, type TestUser } from "../testing/factories.js";
import { continueWithGitHub, freePort, startHub } from "../testing/hub.js";

interface BoardIssue {
  id: string;
  number: number;
  state: string;
}
interface PipelineInfo {
  id: string;
  name: string;
  issueCounts: { issuesCount: number; pullRequestsCount: number; totalStoryPoints: number };
}

const MOVE = `mutation ($pipeline: ID!, $issue: ID!, $position: Int, $workspace: ID) {
  moveIssue(input: { pipelineId: $pipeline, issueId: $issue, position: $position, workspaceId: $workspace }) { issue { number state } pipeline { name } }
}`;

describe.each(testEngines())("the board on %s", (engine) => {
  let t: TestApp;
  let hub: HubSandbox;
  let demo: TestUser;
  let workspace: string;

  beforeAll(async () => {
    const started = await startHub();
    hub = started.hub;
    const port = await freePort();
    t = await createTestApp(
      { PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_MINUTE: "10000" },
      { engine, mailer: new OutboxMailer(), github: started.github },
    );
    await t.app.listen({ port, host: "127.0.0.1" });
    const { token } = await continueWithGitHub(t, hub, "demo");
    demo = {
      ...field<{ id: string; email: string }>(await gql(t, token, "{ viewer { id email } }"), "viewer"),
      userId: "",
      token: token ?? "",
    };
    workspace = await createWorkspace(t, demo, await createOrganization(t, demo));
    const repo = hub.store.repository("acme", "web-app");
    await gql(
      t,
      demo.token,
      "mutation ($w: ID!, $r: ID!) { addRepositoryToWorkspace(input: { workspaceId: $w, repositoryGhId: $r }) { workspaceRepository { repository { id } } } }",
      {
        w: workspace,
        r: String(repo?.id),
      },
    );
    for (let attempt = 0; attempt < 200; attempt++) {
      const answer = await gql(
        t,
        demo.token,
        "query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository { import { state } } } } } }",
        { id: workspace },
      );
      const states = field<{ repositoriesConnection: { nodes: { repository: { import: { state: string } } }[] } }>(
        answer,
        "workspace",
      ).repositoriesConnection.nodes.map((node) => node.repository.import.state);
      if (states.every((state) => state === "DONE")) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await t.close();
    await hub.close();
  });

  async function pipelines(): Promise<PipelineInfo[]> {
    const answer = await gql(
      t,
      demo.token,
      "query ($id: ID!) { workspace(id: $id) { pipelines(includeClosed: true) { id name issueCounts { issuesCount pullRequestsCount totalStoryPoints } } } }",
      {
        id: workspace,
      },
    );
    return field<{ pipelines: PipelineInfo[] }>(answer, "workspace").pipelines;
  }

  async function column(pipelineId: string): Promise<BoardIssue[]> {
    const answer = await gql(
      t,
      demo.token,
      "query ($id: ID!) { searchIssuesByPipeline(pipelineId: $id, first: 100) { totalCount nodes { id number state } } }",
      {
        id: pipelineId,
      },
    );
    return field<{ nodes: BoardIssue[] }>(answer, "searchIssuesByPipeline").nodes;
  }

  async function stateOnGitHub(number: number): Promise<string> {
    const account = hub.store.accountByLogin("demo");
    if (!account) throw new Error("no demo user");
    const octokit = new Octokit({ baseUrl: hub.apiUrl, auth: hub.store.issueToken(account) });
    const { data } = await octokit.rest.issues.get({ owner: "acme", repo: "web-app", issue_number: number });
    return data.state;
  }

  const byName = async (name: string) => {
    const found = (await pipelines()).find((pipeline) => pipeline.name === name);
    if (!found) throw new Error(`no pipeline ${name}`);
    return found;
  };

  it("puts imported open issues in the first pipeline, newest on top, with the spec's counts", async () => {
    const newIssues = await byName("New Issues");
    const cards = await column(newIssues.id);
    const numbers = cards.map((card) => card.number);
    expect(numbers.length).toBeGreaterThan(2);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
    expect(cards.every((card) => card.state === "OPEN")).toBe(true);
    expect(newIssues.issueCounts.issuesCount + newIssues.issueCounts.pullRequestsCount).toBe(cards.length);
    expect((await byName("Backlog")).issueCounts).toEqual({
      issuesCount: 0,
      pullRequestsCount: 0,
      totalStoryPoints: 0,
    });
  });

  it("moves cards between and within pipelines in exactly the order a list would have", async () => {
    const names = ["New Issues", "Icebox", "Backlog", "In Progress"];
    const ids = await Promise.all(names.map(async (name) => (await byName(name)).id));
    const model = new Map<string, string[]>(
      await Promise.all(ids.map(async (id) => [id, (await column(id)).map((card) => card.id)] as [string, string[]])),
    );
    const all = [...model.values()].flat();

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(), fc.nat(ids.length - 1), fc.integer({ min: -1, max: 12 })), {
          minLength: 12,
          maxLength: 12,
        }),
        async (moves) => {
          for (const [pick, target, position] of moves) {
            const issue = all[pick % all.length] as string;
            const pipelineId = ids[target] as string;
            for (const list of model.values()) {
              const at = list.indexOf(issue);
              if (at >= 0) list.splice(at, 1);
            }
            const list = model.get(pipelineId) as string[];
            list.splice(position < 0 || position > list.length ? list.length : position, 0, issue);
            const answer = await gql(t, demo.token, MOVE, { pipeline: pipelineId, issue, position });
            expect(answer.errors).toBeUndefined();
          }
          for (const id of ids) expect((await column(id)).map((card) => card.id)).toEqual(model.get(id));
        },
      ),
      { numRuns: 3 },
    );
  });

  it("closes an issue on GitHub when it is moved to Closed, and reopens it when moved out", async () => {
    // The ordering property above leaves its cards wherever its random moves put them: take one from any open pipeline.
    let card: BoardIssue | undefined;
    for (const pipeline of await pipelines()) {
      if (pipeline.name === "Closed") continue;
      [card] = await column(pipeline.id);
      if (card) break;
    }
    if (!card) throw new Error("no card to close");
    const closed = await gql(t, demo.token, MOVE, { pipeline: "closed--pipeline", issue: card.id, workspace });
    expect(field<{ issue: unknown; pipeline: unknown }>(closed, "moveIssue")).toEqual({
      issue: { number: card.number, state: "CLOSED" },
      pipeline: { name: "Closed" },
    });
    expect(await stateOnGitHub(card.number)).toBe("closed");
    const closedList = await gql(
      t,
      demo.token,
      "query ($w: ID!) { searchClosedIssues(workspaceId: $w, first: 10) { nodes { number } } }",
      { w: workspace },
    );
    expect(
      field<{ nodes: { number: number }[] }>(closedList, "searchClosedIssues").nodes.map((issue) => issue.number),
    ).toContain(card.number);

    const backlog = await byName("Backlog");
    const reopened = await gql(t, demo.token, MOVE, { pipeline: backlog.id, issue: card.id, position: 0 });
    expect(field<{ issue: { state: string } }>(reopened, "moveIssue").issue.state).toBe("OPEN");
    expect((await column(backlog.id))[0]?.number).toBe(card.number);
    expect(await stateOnGitHub(card.number)).toBe("open");
  });

  it("adds, renames, reorders and deletes pipelines, moving a deleted pipeline's issues in order", async () => {
    const create = (name: string, position: number) =>
      gql(
        t,
        demo.token,
        "mutation ($w: ID!, $n: String!, $p: Int) { createPipeline(input: { workspaceId: $w, name: $n, position: $p }) { pipeline { id name } } }",
        {
          w: workspace,
          n: name,
          p: position,
        },
      );
    const blocked = field<{ pipeline: { id: string } }>(await create("Blocked", 2), "createPipeline").pipeline;
    expect((await pipelines()).map((pipeline) => pipeline.name).slice(0, 4)).toEqual([
      "New Issues",
      "Icebox",
      "Blocked",
      "Backlog",
    ]);
    expect((await create("blocked", 0)).errors?.[0]).toMatchObject({
      message: "A pipeline with this name already exists in this workspace.",
      extensions: { code: "CONFLICT" },
    });
    expect((await create("   ", 0)).errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");

    const renamed = await gql(
      t,
      demo.token,
      'mutation ($id: ID!) { updatePipeline(input: { pipelineId: $id, name: "Waiting", position: 0 }) { pipeline { name } } }',
      {
        id: blocked.id,
      },
    );
    expect(field<{ pipeline: { name: string } }>(renamed, "updatePipeline").pipeline.name).toBe("Waiting");
    expect((await pipelines())[0]?.name).toBe("Waiting");

    const source = await byName("New Issues");
    const destination = await byName("Icebox");
    const expected = [...(await column(destination.id)), ...(await column(source.id))].map((card) => card.id);
    const sameTwice = await gql(
      t,
      demo.token,
      "mutation ($a: ID!) { deletePipeline(input: { pipelineId: $a, destinationPipelineId: $a }) { destinationPipeline { name } } }",
      {
        a: source.id,
      },
    );
    expect(sameTwice.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const deleted = await gql(
      t,
      demo.token,
      "mutation ($a: ID!, $b: ID!) { deletePipeline(input: { pipelineId: $a, destinationPipelineId: $b }) { destinationPipeline { name } } }",
      {
        a: source.id,
        b: destination.id,
      },
    );
    expect(field<{ destinationPipeline: { name: string } }>(deleted, "deletePipeline").destinationPipeline.name).toBe(
      "Icebox",
    );
    expect((await column(destination.id)).map((card) => card.id)).toEqual(expected);
    expect((await pipelines()).map((pipeline) => pipeline.name)).not.toContain("New Issues");
  });

  it("mirrors pipelines to GitHub labels when the workspace asks, and reads a label set on GitHub back as a move", async () => {
    const enable = await gql(
      t,
      demo.token,
      'mutation ($w: ID!) { updateWorkspace(input: { workspaceId: $w, name: "Mirrored", pipelineLabelSync: true }) { workspace { pipelineLabelSync } } }',
      {
        w: workspace,
      },
    );
    expect(field<{ workspace: unknown }>(enable, "updateWorkspace").workspace).toEqual({ pipelineLabelSync: true });
    const backlog = await byName("Backlog");
    const card = (await column((await byName("Icebox")).id))[0];
    if (!card) throw new Error("no card to move");
    expect(
      (await gql(t, demo.token, MOVE, { pipeline: backlog.id, issue: card.id, position: 0 })).errors,
    ).toBeUndefined();
    const account = hub.store.accountByLogin("demo");
    if (!account) throw new Error("no demo user");
    const octokit = new Octokit({ baseUrl: hub.apiUrl, auth: hub.store.issueToken(account) });
    const labelsOnGitHub = async () =>
      (
        await octokit.rest.issues.listLabelsOnIssue({ owner: "acme", repo: "web-app", issue_number: card.number })
      ).data.map((label) => label.name);
    expect(await labelsOnGitHub()).toContain("pipeline: Backlog");

    await octokit.rest.issues
      .createLabel({ owner: "acme", repo: "web-app", name: "pipeline: In Progress", color: "bfd4f2" })
      .catch(() => undefined);
    await octokit.rest.issues.addLabels({
      owner: "acme",
      repo: "web-app",
      issue_number: card.number,
      labels: ["pipeline: In Progress"],
    });
    await hub.deliveriesSettled();
    const inProgress = await byName("In Progress");
    expect((await column(inProgress.id)).map((issue) => issue.number)).toContain(card.number);
    expect((await column(backlog.id)).map((issue) => issue.number)).not.toContain(card.number);
  });

  it("writes labels, assignees, milestones and state back to GitHub for many issues at once", async () => {
    const open = await Promise.all(
      ["Icebox", "Backlog", "In Progress"].map(async (name) => column((await byName(name)).id)),
    );
    const cards = open.flat().slice(0, 2);
    expect(cards).toHaveLength(2);
    const ids = cards.map((card) => card.id);
    const bulk = async (mutation: string, extra = "") => {
      const answer = await gql(
        t,
        demo.token,
        `mutation ($ids: [ID!]!) { ${mutation}(input: { issueIds: $ids ${extra} }) { successCount failedIssues { number } githubErrors } }`,
        { ids },
      );
      return field<{ successCount: number; failedIssues: unknown[]; githubErrors: unknown }>(answer, mutation);
    };
    const onGitHub = async (number: number) => {
      const account = hub.store.accountByLogin("demo");
      if (!account) throw new Error("no demo user");
      const octokit = new Octokit({ baseUrl: hub.apiUrl, auth: hub.store.issueToken(account) });
      return (await octokit.rest.issues.get({ owner: "acme", repo: "web-app", issue_number: number })).data;
    };

    expect(await bulk("addLabelsToIssues", ', labelInfos: [{ name: "bug" }]')).toEqual({
      successCount: 2,
      failedIssues: [],
      githubErrors: {},
    });
    expect(
      (await onGitHub(cards[0]?.number ?? 0)).labels.map((label) => (typeof label === "string" ? label : label.name)),
    ).toContain("bug");
    expect((await bulk("addAssigneesToIssues", ', assigneeLogins: ["demo"]')).successCount).toBe(2);
    expect((await onGitHub(cards[1]?.number ?? 0)).assignees?.map((user) => user.login)).toContain("demo");
    expect((await bulk("removeLabelsFromIssues", ', labelInfos: [{ name: "bug" }]')).successCount).toBe(2);
    expect((await bulk("setIssuesMilestone", ", milestoneNumber: 1")).successCount).toBe(2);
    expect((await onGitHub(cards[0]?.number ?? 0)).milestone?.number).toBe(1);
    expect((await bulk("closeIssues")).successCount).toBe(2);
    expect((await onGitHub(cards[0]?.number ?? 0)).state).toBe("closed");
    const closedNow = await gql(
      t,
      demo.token,
      "query ($w: ID!) { searchClosedIssues(workspaceId: $w, first: 100) { nodes { id } } }",
      { w: workspace },
    );
    expect(field<{ nodes: { id: string }[] }>(closedNow, "searchClosedIssues").nodes.map((issue) => issue.id)).toEqual(
      expect.arrayContaining(ids),
    );
    expect((await bulk("reopenIssues")).successCount).toBe(2);
    expect((await onGitHub(cards[1]?.number ?? 0)).state).toBe("open");

    const stranger = await continueWithGitHub(t, hub, "hubot");
    const refused = await gql(
      t,
      stranger.token,
      "mutation ($ids: [ID!]!) { closeIssues(input: { issueIds: $ids }) { successCount githubErrors } }",
      { ids },
    );
    expect(field<{ successCount: number; githubErrors: Record<string, string> }>(refused, "closeIssues")).toEqual({
      successCount: 0,
      // Someone who cannot open the issues is told nothing about them, as for a missing issue.
      githubErrors: Object.fromEntries(ids.map((id) => [id, "No such issue."])),
    });
  });

  it("finds a workspace's issues by title text or number", async () => {
    const search = async (query: string, includeClosed = false) => {
      const answer = await gql(
        t,
        demo.token,
        "query ($w: ID!, $q: String, $c: Boolean) { searchIssues(workspaceId: $w, query: $q, includeClosed: $c, first: 50) { totalCount nodes { number title } } }",
        {
          w: workspace,
          q: query,
          c: includeClosed,
        },
      );
      return field<{ totalCount: number; nodes: { number: number; title: string }[] }>(answer, "searchIssues");
    };
    const [someone] = (await search("")).nodes;
    if (!someone) throw new Error("nothing to search");
    const word = someone.title.split(" ").find((part) => part.length > 3) ?? someone.title;
    const byWord = await search(word.toUpperCase());
    expect(byWord.nodes.every((issue) => issue.title.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(byWord.nodes.map((issue) => issue.number)).toContain(someone.number);
    expect(byWord.totalCount).toBe(byWord.nodes.length);
    expect((await search(`#${someone.number}`)).nodes.map((issue) => issue.number)).toContain(someone.number);
    expect((await search("%")).nodes).toEqual([]);
    const stranger = await continueWithGitHub(t, hub, "hubot");
    const refused = await gql(
      t,
      stranger.token,
      'query ($w: ID!) { searchIssues(workspaceId: $w, query: "a") { totalCount } }',
      { w: workspace },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("refuses moves by someone who cannot edit the workspace, and bad ids", async () => {
    // Any open card: the cards the test before reopened come back through GitHub's webhook, so which
    // column holds them is not this test's concern.
    await hub.deliveriesSettled();
    const open = await Promise.all(
      ["Icebox", "Backlog", "In Progress"].map(async (name) => column((await byName(name)).id)),
    );
    const card = open.flat()[0];
    if (!card) throw new Error("no open card to move");
    const stranger = await continueWithGitHub(t, hub, "hubot");
    const refused = await gql(t, stranger.token, MOVE, { pipeline: (await byName("Backlog")).id, issue: card.id });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const pipelineChange = await gql(
      t,
      stranger.token,
      'mutation ($w: ID!) { createPipeline(input: { workspaceId: $w, name: "Mine" }) { pipeline { id } } }',
      {
        w: workspace,
      },
    );
    expect(pipelineChange.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const bad = await gql(t, demo.token, MOVE, { pipeline: "not-a-pipeline", issue: card.id });
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });
});
