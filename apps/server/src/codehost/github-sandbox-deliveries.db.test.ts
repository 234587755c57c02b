/**
 * The deliveries GitHub sends for changes made on github.com that REST alone never causes — pins,
 * transfers, deletions, a renamed or archived repository — sent by the hub sandbox's own webhooks
 * to a listening Gantry, and what the team then sees in Gantry.
 */
import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import type { Octokit } from "@octokit/rest";
import { sign } from "@octokit/webhooks-methods";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { field, gql, type TestUser } from "../testing/factories.js";
import { postGitHubDelivery } from "../testing/github-delivery.js";
import { gantryWithHub } from "../testing/hub.js";

const ADD = `mutation ($workspace: ID!, $repo: ID!) {
  addRepositoryToWorkspace(input: { workspaceId: $workspace, repositoryGhId: $repo }) { workspaceRepository { repository { id } } }
}`;
const STATUS = `query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository {
  name htmlUrl import { state } sync { archived lastError } } } } } }`;

interface RepositoryStatus {
  name: string;
  htmlUrl: string;
  import: { state: string };
  sync: { archived: boolean; lastError: string | null };
}

describe.each(testEngines())("GitHub's changes from github.com, delivered by the sandbox (%s)", (engine) => {
  let t: TestApp;
  let hub: HubSandbox;
  let demo: TestUser;
  let workspace: string;
  let octokit: Octokit;

  async function statuses() {
    const answer = await gql(t, demo.token, STATUS, { id: workspace });
    return field<{ repositoriesConnection: { nodes: { repository: RepositoryStatus }[] } }>(
      answer,
      "workspace",
    ).repositoriesConnection.nodes.map((node) => node.repository);
  }

  async function connect(name: string) {
    const { data } = await octokit.rest.repos.createForAuthenticatedUser({ name });
    expect((await gql(t, demo.token, ADD, { workspace, repo: String(data.id) })).errors).toBeUndefined();
    await expect
      .poll(async () => (await statuses()).find((status) => status.name === name)?.import.state, { timeout: 20_000 })
      .toBe("DONE");
    return data;
  }

  /** Gantry's copy of an issue, once every delivery the sandbox sent has been answered. */
  async function stored(repository: string, number: number) {
    await hub.deliveriesSettled();
    const [row] = await t.database.db
      .select({ issue: schema.issues })
      .from(schema.issues)
      .innerJoin(schema.repositories, eq(schema.repositories.id, schema.issues.repositoryId))
      .where(and(eq(schema.repositories.name, repository), eq(schema.issues.number, number)));
    return row?.issue ?? null;
  }

  const graphql = (mutation: string, input: Record<string, string>) =>
    octokit.graphql(
      `mutation ($input: ${mutation}Input!) { ${mutation[0]?.toLowerCase()}${mutation.slice(1)}(input: $input) { clientMutationId } }`,
      {
        input,
      },
    );

  beforeAll(async () => {
    ({ t, hub, demo, workspace, demoOctokit: octokit } = await gantryWithHub(engine));
  });
  afterAll(async () => {
    await t.close();
    await hub.close();
  });

  it("keeps a pinned issue's labels, moves a transferred one with its estimate, and drops a deleted one", async () => {
    await connect("planner");
    const next = await connect("planner-next");
    await octokit.rest.issues.createLabel({ owner: "demo", repo: "planner", name: "bug" });
    const { data: issue } = await octokit.rest.issues.create({
      owner: "demo",
      repo: "planner",
      title: "Export drops rows",
      labels: ["bug"],
    });
    const { data: doomed } = await octokit.rest.issues.create({ owner: "demo", repo: "planner", title: "Spam" });
    const before = await stored("planner", issue.number);
    expect(before?.labels.map((label) => label.name)).toEqual(["bug"]);
    await t.database.db
      .update(schema.issues)
      .set({ estimate: 8 })
      .where(eq(schema.issues.id, before?.id ?? ""));

    await graphql("PinIssue", { issueId: issue.node_id });
    expect((await stored("planner", issue.number))?.labels.map((label) => label.name)).toEqual(["bug"]);

    await graphql("TransferIssue", { issueId: issue.node_id, repositoryId: next.node_id });
    expect(await stored("planner", issue.number)).toBeNull();
    const moved = await stored("planner-next", 1);
    expect(moved).toMatchObject({ id: before?.id, estimate: 8, title: "Export drops rows" });
    expect(moved?.htmlUrl).toMatch(/\/demo\/planner-next\/issues\/1$/);

    await graphql("DeleteIssue", { issueId: doomed.node_id });
    expect(await stored("planner", doomed.number)).toBeNull();
  });

  it("follows a repository renamed and archived on GitHub, and shows a delivery that failed with its reason", async () => {
    await connect("tracker");
    const { data: issue } = await octokit.rest.issues.create({ owner: "demo", repo: "tracker", title: "Kept" });
    await octokit.rest.repos.update({ owner: "demo", repo: "tracker", name: "tracker-renamed" });
    await octokit.rest.repos.update({ owner: "demo", repo: "tracker-renamed", archived: true });
    expect((await stored("tracker-renamed", issue.number))?.htmlUrl).toMatch(/\/demo\/tracker-renamed\/issues\/1$/);
    const renamed = (await statuses()).find((status) => status.name === "tracker-renamed");
    expect(renamed).toMatchObject({ sync: { archived: true, lastError: null } });
    expect(renamed?.htmlUrl).toMatch(/\/demo\/tracker-renamed$/);

    // A payload Gantry cannot store (an issue number past PostgreSQL's integer) fails alone, and says why.
    const [repository] = await t.database.db
      .select()
      .from(schema.repositories)
      .where(eq(schema.repositories.name, "tracker-renamed"));
    const body = JSON.stringify({
      action: "opened",
      repository: { id: repository?.ghId },
      issue: {
        ...(await octokit.rest.issues.get({ owner: "demo", repo: "tracker-renamed", issue_number: 1 })).data,
        number: 3_000_000_000,
      },
    });
    const answer = await postGitHubDelivery(t, {
      body,
      deliveryId: `unstorable-${engine}`,
      signature: await sign(t.secretBox.open(repository?.encryptedHookSecret ?? ""), body),
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toMatch(/insert|select|params/i);
    const failed = (await statuses()).find((status) => status.name === "tracker-renamed");
    expect(failed?.sync.lastError).toMatch(
      /^GitHub's issues\.opened delivery unstorable-\S+ could not be applied: .*out of range/,
    );
  });

  it("takes in sub-issues and dependencies made on GitHub, and their removal, with GitHub's login on the timeline", async () => {
    await connect("linked");
    const site = { owner: "demo", repo: "linked" };
    const create = async (title: string) => (await octokit.rest.issues.create({ ...site, title })).data;
    const epic = await create("Checkout epic");
    const child = await create("Pay by card");
    const blocker = await create("Card vault");
    const issueId = async (number: number) => (await stored("linked", number))?.id ?? "";
    const linkRequest = {
      ...site,
      issue_number: epic.number,
      sub_issue_id: child.id,
    };
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", linkRequest);
    expect((await stored("linked", child.number))?.parentIssueId).toBe(await issueId(epic.number));
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by", {
      ...site,
      issue_number: child.number,
      issue_id: blocker.id,
    });
    await hub.deliveriesSettled();
    const moved = await issueId(child.number);
    const dependencies = () =>
      t.database.db
        .select({
          blocking: schema.issueDependencies.blockingIssueId,
          blocked: schema.issueDependencies.blockedIssueId,
        })
        .from(schema.issueDependencies)
        .where(eq(schema.issueDependencies.blockedIssueId, moved));
    expect(await dependencies()).toEqual([{ blocking: await issueId(blocker.number), blocked: moved }]);
    const timeline = await t.database.db
      .select({
        field: schema.issueEvents.field,
        source: schema.issueEvents.source,
        login: schema.issueEvents.actorLogin,
      })
      .from(schema.issueEvents)
      .where(eq(schema.issueEvents.issueId, moved));
    expect(timeline).toEqual(
      expect.arrayContaining([
        { field: "parent", source: "github", login: "demo" },
        { field: "blocking", source: "github", login: "demo" },
      ]),
    );

    await octokit.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/sub_issue", linkRequest);
    await octokit.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by/{issue_id}", {
      ...site,
      issue_number: child.number,
      issue_id: blocker.id,
    });
    expect((await stored("linked", child.number))?.parentIssueId).toBeNull();
    expect(await dependencies()).toEqual([]);
  });
});
