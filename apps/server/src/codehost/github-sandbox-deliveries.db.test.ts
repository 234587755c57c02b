/**
 * The deliveries GitHub sends for changes made on github.com that REST alone never causes — pins,
 * transfers, deletions, a renamed or archived repository — sent by the hub sandbox's own webhooks
 * to a listening Gantry, and what the team then sees in Gantry.
 */
import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { emptyFilters } from "@gantry/domain";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import type { Octokit } from "@octokit/rest";
import { sign } from "@octokit/webhooks-methods";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filteredPipelineTotals, type KeptFilter } from "../board/pipeline-totals.js";
import { countedPipelineTotals } from "../board/queries.js";
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

  it("keeps each label's and assignee's counts exact through edits on GitHub and in Gantry, transfers and deletions", async () => {
    await connect("counted");
    const next = await connect("counted-next");
    const where = { owner: "demo", repo: "counted" };
    for (const name of ["bug", "ui"]) await octokit.rest.issues.createLabel({ ...where, name });
    const create = async (title: string, labels: string[], assignees: string[]) =>
      (await octokit.rest.issues.create({ ...where, title, labels, assignees })).data;
    const first = await create("Crash on save", ["bug"], ["demo"]);
    const second = await create("Misaligned header", ["bug", "ui"], []);
    const third = await create("Tidy the docs", [], []);
    const workspaceId = decodeGlobalID(workspace).id;
    const pipelines = await t.database.db
      .select({ id: schema.pipelines.id })
      .from(schema.pipelines)
      .where(eq(schema.pipelines.workspaceId, workspaceId));
    const pipelineIds = pipelines.map((row) => row.id);
    const filters: KeptFilter[] = [
      { key: "labels", value: "bug" },
      { key: "labels", value: "ui" },
      { key: "assignees", value: "demo" },
    ];
    type Row = { pipelineId: string; isPullRequest: boolean; value: number; points: number | null };
    const sorted = (rows: Row[]) =>
      rows
        .filter((row) => row.value !== 0)
        .map((row) => `${row.pipelineId} ${row.isPullRequest} ${row.value} ${row.points ?? 0}`)
        .sort();
    /** Every filter's kept totals against a count of what the board's filter keeps, once GitHub's deliveries are in. */
    async function expectExact(step: string) {
      await hub.deliveriesSettled();
      for (const filter of filters) {
        const search = {
          workspaceId,
          filters: { ...emptyFilters(""), [filter.key]: { in: [filter.value], nin: [] } },
          logic: "all" as const,
          displayType: "all" as const,
          currentSprintId: null,
        };
        const kept = sorted(await filteredPipelineTotals(t.database.db, pipelineIds, filter));
        const counted = sorted(await countedPipelineTotals(t.database.db, pipelineIds, search));
        expect({ step, filter, kept }).toEqual({ step, filter, kept: counted });
      }
    }
    const gantry = async (name: string, input: Record<string, unknown>) => {
      const type = `${name[0]?.toUpperCase()}${name.slice(1)}Input`;
      const answer = await gql(t, demo.token, `mutation ($input: ${type}!) { ${name}(input: $input) { __typename } }`, {
        input,
      });
      expect(answer.errors).toBeUndefined();
    };
    await expectExact("created on GitHub");
    const bugs = await filteredPipelineTotals(t.database.db, pipelineIds, { key: "labels", value: "bug" });
    // The two made here, and the one the first test transferred: the comparisons are not of empty totals.
    expect(bugs.reduce((sum, row) => sum + row.value, 0)).toBeGreaterThanOrEqual(2);

    await octokit.rest.issues.removeLabel({ ...where, issue_number: first.number, name: "bug" });
    await octokit.rest.issues.addLabels({ ...where, issue_number: third.number, labels: ["ui"] });
    await octokit.rest.issues.addAssignees({ ...where, issue_number: second.number, assignees: ["demo"] });
    await expectExact("labels and assignees changed on GitHub");
    await octokit.rest.issues.update({ ...where, issue_number: second.number, state: "closed" });
    await expectExact("closed on GitHub");
    await octokit.rest.issues.update({ ...where, issue_number: second.number, state: "open" });
    await expectExact("reopened on GitHub");

    const gantryId = async (number: number) => encodeGlobalID("Issue", (await stored("counted", number))?.id ?? "");
    const [firstId, secondId, thirdId] = [
      await gantryId(first.number),
      await gantryId(second.number),
      await gantryId(third.number),
    ];
    await gantry("addLabelsToIssues", { issueIds: [firstId, thirdId], labelInfos: [{ name: "bug" }] });
    await gantry("removeLabelsFromIssues", { issueIds: [secondId], labelInfos: [{ name: "ui" }] });
    await gantry("setEstimate", { issueId: secondId, value: 5 });
    await gantry("moveIssue", {
      workspaceId: workspace,
      issueId: firstId,
      pipelineId: encodeGlobalID("Pipeline", pipelineIds[1] ?? ""),
      position: 0,
    });
    await gantry("closeIssues", { issueIds: [thirdId] });
    await expectExact("labels, estimate, move and close in Gantry");
    await gantry("reopenIssues", { issueIds: [thirdId] });
    await expectExact("reopened in Gantry");

    await graphql("TransferIssue", { issueId: second.node_id, repositoryId: next.node_id });
    await expectExact("transferred");
    await graphql("DeleteIssue", { issueId: first.node_id });
    expect(await stored("counted", first.number)).toBeNull();
    await expectExact("deleted");
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
