import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { seedIssues } from "@gantry/hub-sandbox/bulk";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import type { Octokit } from "@octokit/rest";
import { sign } from "@octokit/webhooks-methods";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInProcessBus } from "../events/event-bus.js";
import type { TestApp } from "../testing/app.js";
import { createOrganization, createWorkspace, field, gql, type TestUser } from "../testing/factories.js";
import { postGitHubDelivery } from "../testing/github-delivery.js";
import { continueWithGitHub, gantryWithHub } from "../testing/hub.js";
import type { GitHubConfig } from "./config.js";
import { HOOK_REINSTALLED } from "./reconcile.js";
import { importRepository } from "./repositories.js";

interface IssuePage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: { number: number }[];
}

const ADD = `mutation ($workspace: ID!, $repo: ID!) {
  addRepositoryToWorkspace(input: { workspaceId: $workspace, repositoryGhId: $repo }) {
    workspaceRepository { repository { id ghId name ownerName import { state importedCount } sync { webhookInstalled } } }
  }
}`;
const STATUS = `query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository {
  name import { state importedCount } sync { webhookInstalled lastDeliveryAt lastDeliveryLagMs lastReconciledAt lastError
  rateLimit { limit remaining } } } } } } }`;

describe.each(testEngines())("GitHub repositories on %s", (engine) => {
  let t: TestApp;
  let hub: HubSandbox;
  let github: GitHubConfig;
  let demo: TestUser;
  let workspace: string;
  let demoOctokit: Octokit;

  beforeAll(async () => {
    ({ t, hub, github, demo, workspace, demoOctokit } = await gantryWithHub(engine));
  });
  afterAll(async () => {
    await t.close();
    await hub.close();
  });

  async function repositoryStatus(name: string) {
    const answer = await gql(t, demo.token, STATUS, { id: workspace });
    const nodes = field<{
      repositoriesConnection: { nodes: { repository: { name: string } & Record<string, unknown> }[] };
    }>(answer, "workspace").repositoriesConnection.nodes;
    return nodes.find((node) => node.repository.name === name)?.repository as
      | { import: { state: string; importedCount: number }; sync: Record<string, unknown> }
      | undefined;
  }

  async function waitForImport(name: string) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const status = await repositoryStatus(name);
      if (status?.import.state === "DONE" || status?.import.state === "FAILED") return status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`import of ${name} did not finish`);
  }

  async function coreUsed(): Promise<number> {
    const { data } = await demoOctokit.rest.rateLimit.get();
    return data.resources.core.used;
  }

  it("lists the viewer's GitHub organisations (getMyOrgs)", async () => {
    const answer = await gql(t, demo.token, "{ viewer { githubOrganizations { login ghId avatarUrl } } }");
    const orgs = field<{ githubOrganizations: { login: string }[] }>(answer, "viewer").githubOrganizations;
    expect(orgs.map((org) => org.login).sort()).toEqual(["acme", "octo-labs"]);
  });

  it("creates a test repository, and names the problem when the name is taken", async () => {
    const create = (name: string, organizationGhId?: number) =>
      gql(
        t,
        demo.token,
        `mutation ($name: String!, $org: String) { createGitHubRepository(input: { name: $name, private: true, description: "Trying Gantry", organizationGhId: $org }) { repository { ghId name } } }`,
        { name, org: organizationGhId === undefined ? null : String(organizationGhId) },
      );
    const created = await create("scaling-computing-machine");
    expect(
      field<{ repository: { name: string; ghId: number } }>(created, "createGitHubRepository").repository.name,
    ).toBe("scaling-computing-machine");
    expect(hub.store.repository("demo", "scaling-computing-machine")?.private).toBe(true);

    const taken = await create("scaling-computing-machine");
    expect(taken.errors?.[0]?.message).toContain("name already exists");

    const acme = hub.store.accountByLogin("acme");
    const inOrg = await create("acme-sandbox", acme?.id);
    expect(inOrg.errors).toBeUndefined();
    expect(hub.store.repository("acme", "acme-sandbox")).toBeDefined();
  });

  it("imports a connected repository, installs a signed webhook, and shows the sync state", async () => {
    const webApp = hub.store.repository("acme", "web-app");
    const added = await gql(t, demo.token, ADD, { workspace, repo: String(webApp?.id) });
    expect(added.errors).toBeUndefined();
    const status = await waitForImport("web-app");
    const onGitHub = await demoOctokit.paginate(demoOctokit.rest.issues.listForRepo, {
      owner: "acme",
      repo: "web-app",
      state: "all",
    });
    expect(status).toMatchObject({
      import: { state: "DONE", importedCount: onGitHub.length },
      sync: { webhookInstalled: true, lastError: null },
    });
    expect(status?.sync.lastReconciledAt).toEqual(expect.any(String));
    const rateLimit = status?.sync.rateLimit as { limit: number; remaining: number };
    expect(rateLimit.limit).toBe(5000);
    expect(rateLimit.remaining).toBeLessThan(5000);
  });

  it("imports 1,000 issues with 10 list requests and a handful more, and a second sync answers from 304s", async () => {
    seedIssues(hub.store, { owner: "demo", repo: "thousand", issues: 1000, pullRequestEvery: 0 });
    const before = await coreUsed();
    const repo = hub.store.repository("demo", "thousand");
    await gql(t, demo.token, ADD, { workspace, repo: String(repo?.id) });
    const status = await waitForImport("thousand");
    expect(status?.import).toEqual({ state: "DONE", importedCount: 1000 });
    // GET /rate_limit itself spends nothing.
    const spent = (await coreUsed()) - before;
    expect(spent).toBeGreaterThanOrEqual(10);
    expect(spent).toBeLessThanOrEqual(15);

    const [row] = await t.database.db
      .select()
      .from(schema.repositories)
      .where(eq(schema.repositories.name, "thousand"));
    if (!row) throw new Error("thousand was not stored");
    await t.database.db
      .update(schema.repositories)
      .set({ importNextPage: 1, importState: "pending" })
      .where(eq(schema.repositories.id, row.id));
    const beforeResync = await coreUsed();
    await importRepository(
      {
        db: t.database.db,
        secretBox: t.secretBox,
        github,
        publicUrl: t.config.publicUrl,
        now: () => new Date(),
        events: createInProcessBus(),
      },
      row.id,
    );
    expect((await coreUsed()) - beforeResync).toBe(0);
    const issues = await t.database.db.select().from(schema.issues).where(eq(schema.issues.repositoryId, row.id));
    expect(issues).toHaveLength(1000);
  });

  it("imports a repository whose webhook the connecting person may not install, and says changes come by reconciliation", async () => {
    const { token } = await continueWithGitHub(t, hub, "mona");
    const mona = {
      ...field<{ id: string; email: string }>(await gql(t, token, "{ viewer { id email } }"), "viewer"),
      userId: "",
      token: token ?? "",
    };
    const monasWorkspace = await createWorkspace(t, mona, await createOrganization(t, mona));
    const api = hub.store.repository("acme", "api");
    const added = await gql(t, mona.token, ADD, { workspace: monasWorkspace, repo: String(api?.id) });
    expect(added.errors).toBeUndefined();
    let sync: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 200; attempt++) {
      const answer = await gql(t, mona.token, STATUS, { id: monasWorkspace });
      const repository = field<{
        repositoriesConnection: {
          nodes: { repository: { import: { state: string }; sync: Record<string, unknown> } }[];
        };
      }>(answer, "workspace").repositoriesConnection.nodes[0]?.repository;
      if (repository?.import.state === "DONE") {
        sync = repository.sync;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sync.webhookInstalled).toBe(false);
    expect(String(sync.lastError)).toMatch(
      /^The webhook could not be installed, so changes arrive only by reconciliation:/,
    );

    // An admin of acme connecting it too installs the webhook with their rights.
    await gql(t, demo.token, ADD, { workspace, repo: String(api?.id) });
    // The hook is recorded first; the message clears when the import around it finishes.
    let settled: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 200; attempt++) {
      settled = (await repositoryStatus("api"))?.sync ?? {};
      if (settled.webhookInstalled === true && settled.lastError === null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(settled).toMatchObject({ webhookInstalled: true, lastError: null });
  });

  it("pages through a connected repository's issues by number", async () => {
    const query = `query ($id: ID!, $after: String) { workspace(id: $id) { repositoriesConnection { nodes { repository {
      name issues(first: 100, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { number state pullRequest } } } } } } }`;
    const numbers: number[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const answer = await gql(t, demo.token, query, { id: workspace, after });
      const nodes = field<{ repositoriesConnection: { nodes: { repository: { name: string; issues: IssuePage } }[] } }>(
        answer,
        "workspace",
      ).repositoriesConnection.nodes;
      const page = nodes.find((node) => node.repository.name === "thousand")?.repository.issues;
      if (!page) throw new Error("thousand has no issues page");
      expect(page.totalCount).toBe(1000);
      numbers.push(...page.nodes.map((issue) => issue.number));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(numbers).toEqual(Array.from({ length: 1000 }, (_, index) => index + 1));
  });

  it("applies an issue closed on GitHub within a second, and a redelivery only once", async () => {
    const [stored] = await t.database.db
      .select()
      .from(schema.repositories)
      .where(and(eq(schema.repositories.ownerLogin, "acme"), eq(schema.repositories.name, "web-app")));
    if (!stored) throw new Error("web-app is not connected");
    const open = await t.database.db
      .select()
      .from(schema.issues)
      .where(and(eq(schema.issues.repositoryId, stored.id), eq(schema.issues.state, "open")));
    const target = open.find((issue) => !issue.isPullRequest);
    if (!target) throw new Error("web-app has no open issue");

    const closedAt = Date.now();
    await demoOctokit.rest.issues.update({
      owner: "acme",
      repo: "web-app",
      issue_number: target.number,
      state: "closed",
    });
    let state = "open";
    while (state !== "closed" && Date.now() - closedAt < 1000) {
      const [row] = await t.database.db.select().from(schema.issues).where(eq(schema.issues.id, target.id));
      state = row?.state ?? "missing";
      if (state !== "closed") await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(state).toBe("closed");
    const status = await repositoryStatus("web-app");
    expect(status?.sync.lastDeliveryAt).toEqual(expect.any(String));

    await hub.deliveriesSettled();
    const { data: deliveries } = await demoOctokit.rest.repos.listWebhookDeliveries({
      owner: "acme",
      repo: "web-app",
      hook_id: Number(stored.hookId),
    });
    const closing = deliveries.find((delivery) => delivery.event === "issues" && delivery.action === "closed");
    if (!closing) throw new Error("the close was not delivered");
    const countDeliveries = async () =>
      (
        await t.database.db
          .select()
          .from(schema.webhookDeliveries)
          .where(eq(schema.webhookDeliveries.deliveryId, closing.guid))
      ).length;
    expect(await countDeliveries()).toBe(1);
    await demoOctokit.rest.repos.redeliverWebhookDelivery({
      owner: "acme",
      repo: "web-app",
      hook_id: Number(stored.hookId),
      delivery_id: closing.id,
    });
    await hub.deliveriesSettled();
    expect(await countDeliveries()).toBe(1);
  });

  it("reconciles on request: catches an issue no webhook announced and reinstalls a deleted webhook", async () => {
    const webApp = hub.store.repository("acme", "web-app");
    const author = hub.store.accountByLogin("demo");
    if (!webApp || !author) throw new Error("demo data is missing");
    const silent = hub.store.createIssue(webApp, {
      title: "Filed while Gantry was not listening",
      body: null,
      authorId: author.id,
    });
    const [stored] = await t.database.db
      .select()
      .from(schema.repositories)
      .where(and(eq(schema.repositories.ownerLogin, "acme"), eq(schema.repositories.name, "web-app")));
    if (!stored?.hookId) throw new Error("web-app has no hook");
    await demoOctokit.rest.repos.deleteWebhook({ owner: "acme", repo: "web-app", hook_id: stored.hookId });

    const repositoryId = (await repositoryGlobalId("web-app")) ?? "";
    const retry = await gql(
      t,
      demo.token,
      "mutation ($id: ID!) { reconcileRepository(input: { repositoryId: $id }) { repository { sync { webhookInstalled lastError } } } }",
      { id: repositoryId },
    );
    expect(field<{ repository: unknown }>(retry, "reconcileRepository").repository).toEqual({
      sync: { webhookInstalled: true, lastError: HOOK_REINSTALLED },
    });
    const caught = await t.database.db
      .select()
      .from(schema.issues)
      .where(and(eq(schema.issues.repositoryId, stored.id), eq(schema.issues.number, silent.number)));
    expect(caught.map((issue) => issue.title)).toEqual(["Filed while Gantry was not listening"]);
    const { data: hooks } = await demoOctokit.rest.repos.listWebhooks({ owner: "acme", repo: "web-app" });
    expect(hooks).toHaveLength(1);

    const stranger = await continueWithGitHub(t, hub, "hubot");
    const refused = await gql(
      t,
      stranger.token,
      "mutation ($id: ID!) { reconcileRepository(input: { repositoryId: $id }) { repository { name } } }",
      {
        id: repositoryId,
      },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  async function repositoryGlobalId(name: string): Promise<string | undefined> {
    const answer = await gql(
      t,
      demo.token,
      "query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository { id name } } } } }",
      {
        id: workspace,
      },
    );
    return field<{ repositoriesConnection: { nodes: { repository: { id: string; name: string } }[] } }>(
      answer,
      "workspace",
    ).repositoriesConnection.nodes.find((node) => node.repository.name === name)?.repository.id;
  }

  it("refuses a delivery with a forged signature and writes nothing", async () => {
    const webApp = hub.store.repository("acme", "web-app");
    const body = JSON.stringify({ action: "deleted", repository: { id: webApp?.id }, issue: { number: 1 } });
    const forged = await postGitHubDelivery(t, {
      body,
      deliveryId: "forged-1",
      signature: `sha256=${"0".repeat(64)}`,
    });
    expect(forged.statusCode).toBe(401);
    const seen = await t.database.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.deliveryId, "forged-1"));
    expect(seen).toEqual([]);
  });

  /** The connected acme/web-app, and a way to send it a signed `issues` delivery as GitHub would. */
  async function webAppHook() {
    const [stored] = await t.database.db
      .select()
      .from(schema.repositories)
      .where(and(eq(schema.repositories.ownerLogin, "acme"), eq(schema.repositories.name, "web-app")));
    if (!stored?.encryptedHookSecret) throw new Error("web-app has no hook");
    const secret = t.secretBox.open(stored.encryptedHookSecret);
    const deliver = async (deliveryId: string, payload: object) => {
      const body = JSON.stringify(payload);
      return (await postGitHubDelivery(t, { body, deliveryId, signature: await sign(secret, body) })).statusCode;
    };
    return { stored, deliver };
  }

  it("applies deliveries that arrive together: an issue's versions in the order sent, a repeated delivery once", async () => {
    const { stored, deliver } = await webAppHook();
    const [first, second] = await t.database.db
      .select()
      .from(schema.issues)
      .where(and(eq(schema.issues.repositoryId, stored.id), eq(schema.issues.isPullRequest, false)))
      .orderBy(asc(schema.issues.number))
      .limit(2);
    if (!first || !second) throw new Error("web-app has fewer than two issues");
    const edit = (issue: typeof first, title: string, minutesLater: number) => ({
      action: "edited",
      repository: { id: stored.ghId },
      sender: { login: "demo" },
      issue: {
        id: issue.ghId,
        number: issue.number,
        title,
        body: issue.body,
        state: issue.state,
        html_url: issue.htmlUrl,
        user: issue.author,
        labels: issue.labels,
        assignees: issue.assignees,
        milestone: issue.milestone,
        created_at: issue.ghCreatedAt.toISOString(),
        updated_at: new Date(issue.ghUpdatedAt.getTime() + minutesLater * 60_000).toISOString(),
      },
    });
    const statuses = await Promise.all([
      deliver("together-1", edit(first, "Renamed once", 1)),
      deliver("together-2", edit(first, "Renamed twice", 2)),
      deliver("together-2", edit(first, "Renamed twice", 2)),
      deliver("together-3", edit(second, "Renamed alongside", 1)),
    ]);
    expect(statuses.sort()).toEqual([200, 202, 202, 202]);
    const titles = await t.database.db
      .select({ id: schema.issues.id, title: schema.issues.title })
      .from(schema.issues)
      .where(inArray(schema.issues.id, [first.id, second.id]));
    expect(new Map(titles.map((row) => [row.id, row.title]))).toEqual(
      new Map([
        [first.id, "Renamed twice"],
        [second.id, "Renamed alongside"],
      ]),
    );
    const timeline = await t.database.db
      .select({ from: schema.issueEvents.fromValue, to: schema.issueEvents.toValue })
      .from(schema.issueEvents)
      .where(and(eq(schema.issueEvents.issueId, first.id), eq(schema.issueEvents.field, "title")))
      .orderBy(asc(schema.issueEvents.createdAt));
    expect(timeline).toEqual([
      { from: first.title, to: "Renamed once" },
      { from: "Renamed once", to: "Renamed twice" },
    ]);
    const recorded = await t.database.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.deliveryId, "together-2"));
    expect(recorded).toHaveLength(1);
  });
  it("shows a GitHub issue whose id is past GraphQL's 32-bit Int, as GitHub's ids now are", async () => {
    const { stored, deliver } = await webAppHook();
    const ghId = 3_000_000_001;
    const at = new Date().toISOString();
    const opened = {
      action: "opened",
      repository: { id: stored.ghId },
      sender: { login: "demo" },
      issue: {
        ...{ id: ghId, number: 90_001, title: "Filed after 2^31", body: null, state: "open" },
        ...{ html_url: "https://github.com/acme/web-app/issues/90001", user: { login: "demo" } },
        ...{ labels: [], assignees: [], milestone: null, created_at: at, updated_at: at },
      },
    };
    expect(await deliver("big-id-1", opened)).toBe(202);
    const answer = await gql(
      t,
      demo.token,
      "query ($repo: Int!) { issueByInfo(repositoryGhId: $repo, issueNumber: 90001) { ghId title repository { ghId } } }",
      { repo: stored.ghId },
    );
    expect(field(answer, "issueByInfo")).toEqual({
      ghId,
      title: "Filed after 2^31",
      repository: { ghId: stored.ghId },
    });
    // The reference types repository ids Int; GitHub's have not passed 2^31, and one that had is refused plainly.
    const refused = await gql(t, demo.token, "{ issueByInfo(repositoryGhId: 3000000001, issueNumber: 1) { ghId } }");
    expect(refused.errors?.[0]?.message).toContain("Int cannot represent non 32-bit signed integer value");
  });
});
