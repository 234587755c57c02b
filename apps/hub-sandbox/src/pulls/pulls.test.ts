import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureOf, startTestSandbox, type TestSandbox } from "../testing/harness.js";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const repo = { owner: "acme", repo: "web-app" };

describe("requested reviewers", () => {
  it("asks members for a review, lists them on the pull request and withdraws the request", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    await octokit.rest.repos.addCollaborator({ ...repo, username: "hubot" });
    const { data: pull } = await octokit.rest.pulls.create({
      ...repo,
      title: "Needs eyes",
      head: "eyes",
      base: "main",
    });
    expect(pull.requested_reviewers).toEqual([]);

    const asked = await octokit.rest.pulls.requestReviewers({
      ...repo,
      pull_number: pull.number,
      reviewers: ["mona", "HUBOT", "mona"],
    });
    expect(asked.status).toBe(201);
    expect(asked.data.requested_reviewers?.map((user) => user.login)).toEqual(["mona", "hubot"]);

    const { data: listed } = await octokit.rest.pulls.listRequestedReviewers({ ...repo, pull_number: pull.number });
    expect(listed.users.map((user) => user.login)).toEqual(["mona", "hubot"]);
    const { data: fetched } = await octokit.rest.pulls.get({ ...repo, pull_number: pull.number });
    expect(fetched.requested_reviewers?.map((user) => user.login)).toEqual(["mona", "hubot"]);

    const { data: after } = await octokit.rest.pulls.removeRequestedReviewers({
      ...repo,
      pull_number: pull.number,
      reviewers: ["mona", "octocat"],
    });
    expect(after.requested_reviewers?.map((user) => user.login)).toEqual(["hubot"]);
  });

  it("refuses the author and people without access, changing nothing", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: pull } = await octokit.rest.pulls.create({ ...repo, title: "Mine", head: "mine", base: "main" });

    const author = await failureOf(
      octokit.rest.pulls.requestReviewers({ ...repo, pull_number: pull.number, reviewers: ["demo"] }),
    );
    expect(author.status).toBe(422);
    expect(author.data).toMatchObject({ message: "Review cannot be requested from pull request author." });

    const stranger = await failureOf(
      octokit.rest.pulls.requestReviewers({ ...repo, pull_number: pull.number, reviewers: ["mona", "nobody-here"] }),
    );
    expect(stranger.status).toBe(422);
    expect(stranger.data).toMatchObject({
      message: expect.stringContaining("Reviews may only be requested from collaborators.") as unknown,
    });

    const { data: unchanged } = await octokit.rest.pulls.get({ ...repo, pull_number: pull.number });
    expect(unchanged.requested_reviewers).toEqual([]);

    const missing = await failureOf(
      octokit.rest.pulls.requestReviewers({ ...repo, pull_number: 9999, reviewers: ["mona"] }),
    );
    expect(missing.status).toBe(404);
  });
});
