/**
 * Parents, sub-issues and dependencies set in Gantry between GitHub issues reach GitHub's own
 * sub-issues and issue dependencies (the hub sandbox standing in for github.com), within GitHub's
 * limits; links with a native issue stay in Gantry; GitHub's deliveries of Gantry's own writes
 * change nothing more.
 */
import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import type { Octokit } from "@octokit/rest";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { errorOf, field, gql, type TestUser } from "../testing/factories.js";
import { gantryWithHub } from "../testing/hub.js";

const ADD = `mutation ($workspace: ID!, $repo: ID!) {
  addRepositoryToWorkspace(input: { workspaceId: $workspace, repositoryGhId: $repo }) { workspaceRepository { repository { id } } }
}`;
const IMPORTS = `query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository { name import { state } } } } } }`;
const ADD_SUB_ISSUES = `mutation ($parentId: ID!, $childIssueIds: [ID!]!, $replaceParent: Boolean) {
  addSubIssues(input: { parentId: $parentId, childIssueIds: $childIssueIds, replaceParent: $replaceParent }) { successCount githubErrors }
}`;
const REMOVE_SUB_ISSUES = `mutation ($childIssueIds: [ID!]!) {
  removeSubIssues(input: { childIssueIds: $childIssueIds }) { successCount githubErrors }
}`;
const blockage = (name: string) => `mutation ($blocking: ID!, $blocked: ID!) {
  ${name}(input: { blocking: { id: $blocking, type: ISSUE }, blocked: { id: $blocked, type: ISSUE } }) { blockage { id } }
}`;
const CREATE_ISSUE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }`;
const GANTRY_REPOSITORY = "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }";
const RECONCILE = "mutation ($id: ID!) { reconcileRepository(input: { repositoryId: $id }) { repository { name } } }";
const MOVE_STRATEGIC_ISSUE =
  "mutation ($input: MoveStrategicIssueInput!) { moveStrategicIssue(input: $input) { issue { id } } }";

interface BulkAnswer {
  successCount: number;
  githubErrors: Record<string, string>;
}

describe.each(testEngines())("Gantry's links written back to GitHub (%s)", (engine) => {
  let t: TestApp;
  let hub: HubSandbox;
  let demo: TestUser;
  let workspace: string;
  let octokit: Octokit;

  async function connect(owner: string, name: string, made?: { id: number }) {
    const data =
      made ??
      (owner === "demo"
        ? await octokit.rest.repos.createForAuthenticatedUser({ name })
        : await octokit.rest.repos.createInOrg({ org: owner, name })
      ).data;
    const added = await gql(t, demo.token, ADD, { workspace, repo: String(data.id) });
    expect(added.errors).toBeUndefined();
    await expect
      .poll(
        async () =>
          field<{ repositoriesConnection: { nodes: { repository: { name: string; import: { state: string } } }[] } }>(
            await gql(t, demo.token, IMPORTS, { id: workspace }),
            "workspace",
          ).repositoriesConnection.nodes.find((node) => node.repository.name === name)?.repository.import.state,
        { timeout: 20_000 },
      )
      .toBe("DONE");
    return field<{ workspaceRepository: { repository: { id: string } } }>(added, "addRepositoryToWorkspace")
      .workspaceRepository.repository.id;
  }

  let linksConnected: Promise<void> | null = null;
  let connectedAcme: Promise<void> | null = null;
  /** An issue made on GitHub, once Gantry has it: its GitHub number and id, and Gantry's global id. */
  async function gitHubIssue(owner: string, repo: string, title: string) {
    // expect.poll runs only inside a test, so the shared repository is connected by the first to need it.
    linksConnected ??= connect("demo", "links").then(() => undefined);
    await linksConnected;
    return arrivedIssue({ owner, repo }, title);
  }
  /** An issue made on GitHub in a repository already connected, once Gantry has it. */
  async function arrivedIssue({ owner, repo }: { owner: string; repo: string }, title: string) {
    const { data } = await octokit.rest.issues.create({ owner, repo, title });
    await hub.deliveriesSettled();
    const [row] = await t.database.db
      .select({ id: schema.issues.id })
      .from(schema.issues)
      .innerJoin(schema.repositories, eq(schema.repositories.id, schema.issues.repositoryId))
      .where(and(eq(schema.repositories.name, repo), eq(schema.issues.number, data.number)));
    if (!row) throw new Error(`${title} did not arrive`);
    return { owner, repo, number: data.number, ghId: data.id, id: encodeGlobalID("Issue", row.id), rowId: row.id };
  }
  type Made = Awaited<ReturnType<typeof gitHubIssue>>;

  const subIssuesOnGitHub = async (parent: Made) =>
    (
      await octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
        owner: parent.owner,
        repo: parent.repo,
        issue_number: parent.number,
      })
    ).data.map((issue) => issue.number);
  const blockersOnGitHub = async (blocked: Made) =>
    (
      await octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by", {
        owner: blocked.owner,
        repo: blocked.repo,
        issue_number: blocked.number,
      })
    ).data.map((issue) => issue.number);
  const addSubIssues = async (parent: Made | string, children: (Made | string)[], replaceParent = false) =>
    field<BulkAnswer>(
      await gql(t, demo.token, ADD_SUB_ISSUES, {
        parentId: typeof parent === "string" ? parent : parent.id,
        childIssueIds: children.map((child) => (typeof child === "string" ? child : child.id)),
        replaceParent,
      }),
      "addSubIssues",
    );
  const timeline = (issue: Made, wanted: string) =>
    t.database.db
      .select({ source: schema.issueEvents.source, to: schema.issueEvents.toValue, from: schema.issueEvents.fromValue })
      .from(schema.issueEvents)
      .where(and(eq(schema.issueEvents.issueId, issue.rowId), eq(schema.issueEvents.field, wanted)));
  /** A native issue in the workspace's Gantry repository: its global id. */
  const nativeIssue = async (title: string) => {
    const { gantryRepository } = field<{ gantryRepository: { id: string } }>(
      await gql(t, demo.token, GANTRY_REPOSITORY, { id: workspace }),
      "workspace",
    );
    return field<{ issue: { id: string } }>(
      await gql(t, demo.token, CREATE_ISSUE, { input: { repositoryId: gantryRepository.id, title } }),
      "createIssue",
    ).issue.id;
  };
  const reconcile = async (repositoryId: string) =>
    expect(await gql(t, demo.token, RECONCILE, { id: repositoryId })).not.toHaveProperty("errors");
  /** Without its webhooks, what changes on GitHub reaches Gantry only by reconciliation. */
  const dropWebhooks = async (site: { owner: string; repo: string }) => {
    const { data: hooks } = await octokit.rest.repos.listWebhooks(site);
    for (const hook of hooks) await octokit.rest.repos.deleteWebhook({ ...site, hook_id: hook.id });
  };
  const gantryOrganization = async () =>
    field<{ gantryOrganization: { id: string } }>(
      await gql(t, demo.token, "query ($id: ID!) { workspace(id: $id) { gantryOrganization { id } } }", {
        id: workspace,
      }),
      "workspace",
    ).gantryOrganization.id;
  const moveStrategicIssue = (input: {
    gantryOrganizationId: string;
    issueId: string;
    targetIssueId: string;
    instruction: string;
  }) => gql(t, demo.token, MOVE_STRATEGIC_ISSUE, { input });

  beforeAll(async () => {
    ({ t, hub, demo, workspace, demoOctokit: octokit } = await gantryWithHub(engine));
  });
  afterAll(async () => {
    await t.close();
    await hub.close();
  });

  it("adds and removes a sub-issue and a blocker on GitHub, and GitHub's deliveries add nothing to the timeline", async () => {
    const epic = await gitHubIssue("demo", "links", "Checkout");
    const card = await gitHubIssue("demo", "links", "Pay by card");
    const vault = await gitHubIssue("demo", "links", "Card vault");

    expect(await addSubIssues(epic, [card])).toEqual({ successCount: 1, githubErrors: {} });
    expect(await subIssuesOnGitHub(epic)).toEqual([card.number]);
    expect(
      await gql(t, demo.token, blockage("createBlockage"), { blocking: vault.id, blocked: card.id }),
    ).not.toHaveProperty("errors");
    expect(await blockersOnGitHub(card)).toEqual([vault.number]);
    await hub.deliveriesSettled();
    expect(await timeline(card, "parent")).toEqual([{ source: "gantry", from: null, to: `#${epic.number} Checkout` }]);
    expect(await timeline(card, "blocking")).toEqual([
      { source: "gantry", from: null, to: `#${vault.number} Card vault` },
    ]);

    expect(
      await gql(t, demo.token, blockage("deleteBlockage"), { blocking: vault.id, blocked: card.id }),
    ).not.toHaveProperty("errors");
    expect(await blockersOnGitHub(card)).toEqual([]);
    expect(await gql(t, demo.token, REMOVE_SUB_ISSUES, { childIssueIds: [card.id] })).not.toHaveProperty("errors");
    expect(await subIssuesOnGitHub(epic)).toEqual([]);
    await hub.deliveriesSettled();
    expect(await timeline(card, "parent")).toHaveLength(2);
    expect(await timeline(card, "blocking")).toHaveLength(2);
  });

  it("moves a sub-issue to another GitHub parent there, and out of GitHub's parent when its new parent is native", async () => {
    const first = await gitHubIssue("demo", "links", "First parent");
    const second = await gitHubIssue("demo", "links", "Second parent");
    const child = await gitHubIssue("demo", "links", "Wanderer");
    await addSubIssues(first, [child]);
    expect(await addSubIssues(second, [child], true)).toEqual({ successCount: 1, githubErrors: {} });
    expect([await subIssuesOnGitHub(first), await subIssuesOnGitHub(second)]).toEqual([[], [child.number]]);

    const native = await nativeIssue("Native epic");
    expect(await addSubIssues(native, [child], true)).toEqual({ successCount: 1, githubErrors: {} });
    expect(await subIssuesOnGitHub(second)).toEqual([]);
    const [stored] = await t.database.db.select().from(schema.issues).where(eq(schema.issues.id, child.rowId));
    expect(stored?.parentIssueId).not.toBeNull();
  });

  it("refuses what GitHub's limits refuse, saying which: another owner's issue, a ninth level", async () => {
    connectedAcme ??= connect("acme", "acme-links").then(() => undefined);
    await connectedAcme;
    const ours = await gitHubIssue("demo", "links", "Ours");
    const theirs = await gitHubIssue("acme", "acme-links", "Theirs");
    const other = await addSubIssues(ours, [theirs]);
    expect(other).toEqual({
      successCount: 0,
      githubErrors: {
        [theirs.id]: `#${theirs.number} cannot be a sub-issue of #${ours.number} on GitHub: sub-issues must belong to repositories of the same owner.`,
      },
    });
    expect(await subIssuesOnGitHub(ours)).toEqual([]);

    const chain: Made[] = [];
    for (let level = 1; level <= 9; level++) chain.push(await gitHubIssue("demo", "links", `Level ${level}`));
    for (let level = 1; level < 8; level++) {
      expect((await addSubIssues(chain[level - 1] as Made, [chain[level] as Made])).successCount).toBe(1);
    }
    const [eighth, ninth] = [chain[7] as Made, chain[8] as Made];
    expect(await addSubIssues(eighth, [ninth])).toEqual({
      successCount: 0,
      githubErrors: {
        [ninth.id]: `GitHub nests sub-issues at most 8 levels deep; #${ninth.number} under #${eighth.number} would make 9.`,
      },
    });
    expect(await subIssuesOnGitHub(eighth)).toEqual([]);
  });

  it("imports the sub-issues, blockers and types GitHub has, and reconciliation brings in those whose deliveries were lost", async () => {
    const site = { owner: "acme", repo: "imported" };
    const { data: repository } = await octokit.rest.repos.createInOrg({ org: site.owner, name: site.repo });
    const create = async (title: string, type?: string) =>
      (await octokit.request("POST /repos/{owner}/{repo}/issues", { ...site, title, ...(type ? { type } : {}) })).data;
    const epic = await create("Billing", "Feature");
    const invoice = await create("Invoices", "Task");
    const tax = await create("Tax rates", "Bug");
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
      ...site,
      issue_number: epic.number,
      sub_issue_id: Number(invoice.id),
    });
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by", {
      ...site,
      issue_number: invoice.number,
      issue_id: Number(tax.id),
    });
    const repositoryId = await connect(site.owner, site.repo, repository);
    const row = async (number: number) =>
      (
        await t.database.db
          .select({ issue: schema.issues })
          .from(schema.issues)
          .innerJoin(schema.repositories, eq(schema.repositories.id, schema.issues.repositoryId))
          .where(and(eq(schema.repositories.name, site.repo), eq(schema.issues.number, number)))
      )[0]?.issue;
    const [epicRow, invoiceRow, taxRow] = [await row(epic.number), await row(invoice.number), await row(tax.number)];
    expect(invoiceRow?.parentIssueId).toBe(epicRow?.id);
    expect([epicRow?.issueType, invoiceRow?.issueType, taxRow?.issueType]).toEqual(["Feature", "Task", "Bug"]);
    const blockersOf = async (id: string | undefined) =>
      (
        await t.database.db
          .select({ blocking: schema.issueDependencies.blockingIssueId })
          .from(schema.issueDependencies)
          .where(eq(schema.issueDependencies.blockedIssueId, id ?? ""))
      ).map((link) => link.blocking);
    expect(await blockersOf(invoiceRow?.id)).toEqual([taxRow?.id]);

    // The webhook is gone: what changes on GitHub now comes in only by reconciliation.
    await dropWebhooks(site);
    await octokit.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/sub_issue", {
      ...site,
      issue_number: epic.number,
      sub_issue_id: Number(invoice.id),
    });
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
      ...site,
      issue_number: tax.number,
      sub_issue_id: Number(epic.id),
    });
    await octokit.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
      ...site,
      issue_number: tax.number,
      type: "Feature",
    });
    expect((await row(invoice.number))?.parentIssueId).toBe(epicRow?.id);
    await reconcile(repositoryId);
    expect((await row(invoice.number))?.parentIssueId).toBeNull();
    expect((await row(epic.number))?.parentIssueId).toBe(taxRow?.id);
    expect((await row(tax.number))?.issueType).toBe("Feature");
    expect(await timeline({ rowId: taxRow?.id ?? "" } as Made, "issueType")).toEqual([
      { source: "github", from: "Bug", to: "Feature" },
    ]);
  });

  it("sets an issue type on GitHub by name, says which name GitHub refuses, and keeps a native issue's in Gantry", async () => {
    connectedAcme ??= connect("acme", "acme-links").then(() => undefined);
    await connectedAcme;
    const bug = await gitHubIssue("acme", "acme-links", "Crash on save");
    const SET_TYPE = `mutation ($ids: [ID!]!, $name: String) {
      setIssuesType(input: { issueIds: $ids, name: $name }) { successCount githubErrors }
    }`;
    const setType = async (ids: string[], name: string | null) =>
      field<BulkAnswer>(await gql(t, demo.token, SET_TYPE, { ids, name }), "setIssuesType");
    // The organisation's types were copied at import: the picker's choices, in GitHub's order.
    const choices = async (id: string) =>
      field<{ issueTypeChoices: { name: string; color: string }[] }>(
        await gql(
          t,
          demo.token,
          "query ($id: ID!) { node(id: $id) { ... on Issue { issueTypeChoices { name color } } } }",
          {
            id,
          },
        ),
        "node",
      ).issueTypeChoices;
    const acmeTypes = [
      { name: "Task", color: "yellow" },
      { name: "Bug", color: "red" },
      { name: "Feature", color: "blue" },
    ];
    expect(await choices(bug.id)).toEqual(acmeTypes);
    // A personal account's repository has no issue types.
    expect(await choices((await gitHubIssue("demo", "links", "Personal")).id)).toEqual([]);
    expect(await setType([bug.id], "Bug")).toEqual({ successCount: 1, githubErrors: {} });
    const onGitHub = await octokit.rest.issues.get({ owner: "acme", repo: "acme-links", issue_number: bug.number });
    expect((onGitHub.data as { type?: { name: string } | null }).type?.name).toBe("Bug");
    const refused = await setType([bug.id], "Saga");
    expect(refused.successCount).toBe(0);
    expect(refused.githubErrors[bug.id]).toMatch(/^GitHub refused the request: .*Saga is not an issue type/);
    const [stored] = await t.database.db.select().from(schema.issues).where(eq(schema.issues.id, bug.rowId));
    expect(stored?.issueType).toBe("Bug");
    expect(await timeline(bug, "issueType")).toEqual([{ source: "gantry", from: null, to: "Bug" }]);

    const native = await nativeIssue("Native task");
    // A native issue is offered the types of the organisations on its board.
    expect(await choices(native)).toEqual(acmeTypes);
    expect(await setType([native], "Chore")).toEqual({ successCount: 1, githubErrors: {} });
    expect(errorOf(await gql(t, demo.token, SET_TYPE, { ids: [native], name: "x".repeat(51) }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An issue type's name has at most 50 characters.",
    });
  });

  it("keeps Gantry's later link at reconciliation and shows GitHub's differing one on the issue's timeline, once", async () => {
    const site = { owner: "demo", repo: "conflicts" };
    const repositoryId = await connect(site.owner, site.repo);
    const made = (title: string) => arrivedIssue(site, title);
    const [parent, child, blocker] = [await made("Billing"), await made("Invoices"), await made("Tax rates")];
    // The webhook is gone, so GitHub's change below reaches Gantry only by reconciliation.
    await dropWebhooks(site);
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
      ...site,
      issue_number: parent.number,
      sub_issue_id: Number(child.ghId),
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Later, in Gantry: the child goes under a native epic (GitHub's parent is unknown to Gantry, so stays).
    const native = await nativeIssue("Native epic");
    expect(await addSubIssues(native, [child])).toEqual({ successCount: 1, githubErrors: {} });
    // And a dependency Gantry has that GitHub lost (as a write-back lost on the way would leave it).
    await t.database.db.insert(schema.issueDependencies).values({
      workspaceId: (
        await t.database.db
          .select({ workspaceId: schema.issuePositions.workspaceId })
          .from(schema.issuePositions)
          .where(eq(schema.issuePositions.issueId, child.rowId))
      )[0]?.workspaceId as string,
      blockingIssueId: blocker.rowId,
      blockedIssueId: child.rowId,
    });

    await reconcile(repositoryId);
    await reconcile(repositoryId);
    const [stored] = await t.database.db.select().from(schema.issues).where(eq(schema.issues.id, child.rowId));
    expect(stored?.parentIssueId).toBe(decodeGlobalID(native).id);
    const activity = field<{
      timelineItems: { nodes: { field: string; from: string | null; to: string | null; source: string }[] };
    }>(
      await gql(
        t,
        demo.token,
        `query ($g: Int, $n: Int!) { issueByInfo(repositoryGhId: $g, issueNumber: $n) {
          timelineItems(first: 100) { nodes { field from to source } } } }`,
        { g: (await octokit.rest.repos.get(site)).data.id, n: child.number },
      ),
      "issueByInfo",
    ).timelineItems.nodes.filter((item) => item.field === "parent" || item.field === "blocking");
    // GitHub's parent and GitHub's lack of the blocker (at GitHub's times), then Gantry's later parent;
    // each once though reconciled twice.
    expect(activity.slice(0, 2)).toEqual(
      expect.arrayContaining([
        { field: "parent", from: null, to: `#${parent.number} Billing`, source: "GITHUB" },
        { field: "blocking", from: `#${blocker.number} Tax rates`, to: null, source: "GITHUB" },
      ]),
    );
    expect(activity.slice(2)).toEqual([
      { field: "parent", from: null, to: expect.stringMatching(/^#\d+ Native epic$/), source: "GANTRY" },
    ]);
  });

  it("moves a sub-issue among its GitHub siblings on the planning panel, and GitHub's order follows", async () => {
    const epic = await gitHubIssue("demo", "links", "Onboarding");
    const [first, second, third] = [
      await gitHubIssue("demo", "links", "Sign up"),
      await gitHubIssue("demo", "links", "Invite"),
      await gitHubIssue("demo", "links", "Tour"),
    ] as [Made, Made, Made];
    await addSubIssues(epic, [first, second, third]);
    expect(await subIssuesOnGitHub(epic)).toEqual([first.number, second.number, third.number]);
    const organization = await gantryOrganization();
    const move = (issueId: string, targetIssueId: string, instruction: string) =>
      moveStrategicIssue({ gantryOrganizationId: organization, issueId, targetIssueId, instruction });
    expect(await move(third.id, first.id, "REORDER_ABOVE")).not.toHaveProperty("errors");
    expect(await subIssuesOnGitHub(epic)).toEqual([third.number, first.number, second.number]);
    expect(await move(third.id, second.id, "REORDER_BELOW")).not.toHaveProperty("errors");
    expect(await subIssuesOnGitHub(epic)).toEqual([first.number, second.number, third.number]);
  });
  it("follows GitHub's order of sub-issues: added last by delivery, reordered at reconciliation, unless reordered later in Gantry", async () => {
    const site = { owner: "demo", repo: "ordered" };
    const repositoryId = await connect(site.owner, site.repo);
    const made = (title: string) => arrivedIssue(site, title);
    const epic = await made("Launch");
    // Made in this order; added on GitHub in another, which Gantry follows rather than their age.
    const [docs, site_, mail] = [await made("Docs"), await made("Site"), await made("Mail")];
    for (const child of [mail, docs, site_]) {
      await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
        ...site,
        issue_number: epic.number,
        sub_issue_id: Number(child.ghId),
      });
    }
    await hub.deliveriesSettled();
    const organization = await gantryOrganization();
    const planningOrder = async () =>
      field<{ searchStrategicIssues: { nodes: { issue: { title: string } }[] } }>(
        await gql(
          t,
          demo.token,
          `query ($id: ID!, $parent: ID) { node(id: $id) { ... on GantryOrganization {
            searchStrategicIssues(first: 50, parentIssueId: $parent) { nodes { issue { title } } } } } }`,
          { id: organization, parent: epic.id },
        ),
        "node",
      ).searchStrategicIssues.nodes.map((node) => node.issue.title);
    expect(await planningOrder()).toEqual(["Mail", "Docs", "Site"]);

    // GitHub reorders (no delivery says so): the next reconciliation brings the order in.
    await octokit.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority", {
      ...site,
      issue_number: epic.number,
      sub_issue_id: Number(site_.ghId),
      before_id: Number(mail.ghId),
    });
    await reconcile(repositoryId);
    expect(await planningOrder()).toEqual(["Site", "Mail", "Docs"]);

    // A later reorder in Gantry beside a native sub-issue (which GitHub does not have, so its order
    // there stays as it was) is the latest change, and a reconciliation keeps it.
    const native = await nativeIssue("Press");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await addSubIssues(epic, [native])).toEqual({ successCount: 1, githubErrors: {} });
    const move = await moveStrategicIssue({
      gantryOrganizationId: organization,
      issueId: site_.id,
      targetIssueId: native,
      instruction: "REORDER_BELOW",
    });
    expect(move).not.toHaveProperty("errors");
    expect(await planningOrder()).toEqual(["Mail", "Docs", "Press", "Site"]);
    expect(await subIssuesOnGitHub(epic)).toEqual([site_.number, mail.number, docs.number]);
    await reconcile(repositoryId);
    expect(await planningOrder()).toEqual(["Mail", "Docs", "Press", "Site"]);
  });
});
