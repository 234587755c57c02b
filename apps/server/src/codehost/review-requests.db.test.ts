import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { Octokit } from "@octokit/rest";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { type BoardFixture, boardWithWebApp } from "../testing/board.js";
import { field, gql, type TestUser } from "../testing/factories.js";
import { upsertIssues } from "./issue-sync.js";

const REVIEWERS = `query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository { name
  issues(first: 100) { nodes { number pullRequest reviewRequests { totalCount nodes { id reviewer { login avatarUrl } } } } } } } } } }`;

interface IssueReviewers {
  number: number;
  pullRequest: boolean;
  reviewRequests: {
    totalCount: number;
    nodes: { id: string; reviewer: { login: string; avatarUrl: string | null } }[];
  };
}

describe.each(testEngines())("pull request reviewers on %s", (engine) => {
  let board: BoardFixture;
  let t: TestApp;
  let hub: HubSandbox;
  let demo: TestUser;
  let workspace: string;
  let octokit: Octokit;
  let repositoryId: string;
  const repo = { owner: "acme", repo: "web-app" };

  beforeAll(async () => {
    board = await boardWithWebApp(engine);
    ({ t, hub, demo, workspace } = board);
    const account = hub.store.accountByLogin("demo");
    if (!account) throw new Error("the demo seed has no demo user");
    octokit = new Octokit({ baseUrl: hub.apiUrl, auth: hub.store.issueToken(account) });
    await octokit.rest.repos.addCollaborator({ ...repo, username: "hubot" });
    const [row] = await t.database.db
      .select()
      .from(schema.repositories)
      .where(and(eq(schema.repositories.ownerLogin, repo.owner), eq(schema.repositories.name, repo.repo)));
    if (row?.importState !== "done") throw new Error(`web-app's import ended ${row?.importState}`);
    repositoryId = row.id;
  });
  afterAll(() => board.close());

  async function shownReviewers(): Promise<Map<number, string[]>> {
    const nodes = field<{
      repositoriesConnection: { nodes: { repository: { name: string; issues: { nodes: IssueReviewers[] } } }[] };
    }>(await gql(t, demo.token, REVIEWERS, { id: workspace }), "workspace").repositoriesConnection.nodes;
    const issues = nodes.find((node) => node.repository.name === repo.repo)?.repository.issues.nodes ?? [];
    return new Map(
      issues.map((issue) => [issue.number, issue.reviewRequests.nodes.map((request) => request.reviewer.login)]),
    );
  }

  const safariPull = () => {
    const pull = [...(hub.store.repository(repo.owner, repo.repo)?.issues.values() ?? [])].find(
      (issue) => issue.title === "Fix checkout on Safari",
    );
    if (!pull) throw new Error("the demo seed has no Safari pull request");
    return pull.number;
  };

  async function storedReviewers(number: number): Promise<string[]> {
    const [row] = await t.database.db
      .select()
      .from(schema.issues)
      .where(and(eq(schema.issues.repositoryId, repositoryId), eq(schema.issues.number, number)));
    return row?.requestedReviewers.map((reviewer) => reviewer.login) ?? [];
  }

  it("imports who each pull request is waiting on, and issues have none", async () => {
    const shown = await shownReviewers();
    expect(shown.get(safariPull())).toEqual(["mona"]);
    const issueNumbers = [...shown.keys()].filter((number) => number !== safariPull());
    expect(issueNumbers.every((number) => shown.get(number)?.length === 0)).toBe(true);
  });

  it("follows review requests and their removal from webhooks", async () => {
    const number = safariPull();
    await octokit.rest.pulls.requestReviewers({ ...repo, pull_number: number, reviewers: ["hubot"] });
    await hub.deliveriesSettled();
    expect(await storedReviewers(number)).toEqual(["mona", "hubot"]);

    await octokit.rest.pulls.removeRequestedReviewers({ ...repo, pull_number: number, reviewers: ["mona"] });
    await hub.deliveriesSettled();
    expect((await shownReviewers()).get(number)).toEqual(["hubot"]);
  });

  it("keeps the reviewers when an issue-shaped answer about the pull request is stored", async () => {
    const number = safariPull();
    const { data } = await octokit.rest.issues.update({
      ...repo,
      issue_number: number,
      title: "Fix checkout on Safari",
    });
    expect(data.pull_request).toBeDefined();
    await upsertIssues(t.database.db, repositoryId, [data], true);
    expect(await storedReviewers(number)).toEqual(["hubot"]);
  });

  it("catches a review request no webhook announced when reconciling", async () => {
    const number = safariPull();
    const [hook] = (await octokit.rest.repos.listWebhooks(repo)).data;
    if (!hook) throw new Error("web-app has no webhook");
    await octokit.rest.repos.updateWebhook({ ...repo, hook_id: hook.id, active: false });
    await octokit.rest.pulls.requestReviewers({ ...repo, pull_number: number, reviewers: ["mona"] });
    await hub.deliveriesSettled();
    expect(await storedReviewers(number)).toEqual(["hubot"]);

    const id = field<{ repositoriesConnection: { nodes: { repository: { id: string; name: string } }[] } }>(
      await gql(
        t,
        demo.token,
        "query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository { id name } } } } }",
        {
          id: workspace,
        },
      ),
      "workspace",
    ).repositoriesConnection.nodes.find((node) => node.repository.name === repo.repo)?.repository.id;
    const reconciled = await gql(
      t,
      demo.token,
      "mutation ($id: ID!) { reconcileRepository(input: { repositoryId: $id }) { repository { sync { lastError } } } }",
      { id },
    );
    expect(reconciled.errors).toBeUndefined();
    expect(await storedReviewers(number)).toEqual(["hubot", "mona"]);
  });
});
