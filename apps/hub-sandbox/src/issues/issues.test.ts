import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureOf, startTestSandbox, type TestSandbox } from "../testing/harness.js";

let now = new Date("2026-03-02T09:00:00Z");
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
  return now.toISOString();
};

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ clock: () => now });
});
afterAll(() => sandbox.close());

const repo = { owner: "acme", repo: "web-app" };

describe("issues", () => {
  it("creates, reads and updates an issue with labels, assignees and a milestone", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { status, data: created } = await octokit.rest.issues.create({
      ...repo,
      title: "Cart total ignores discounts",
      body: "Apply the code, the total stays the same.",
      labels: ["bug", "checkout"],
      assignees: ["mona"],
      milestone: 1,
    });
    expect(status).toBe(201);
    expect(created.labels.map((label) => (typeof label === "string" ? label : label.name))).toEqual([
      "bug",
      "checkout",
    ]);
    expect(created).toMatchObject({
      state: "open",
      user: { login: "demo" },
      assignee: { login: "mona" },
      milestone: { number: 1, title: "Launch" },
    });

    const { data: fetched } = await octokit.rest.issues.get({ ...repo, issue_number: created.number });
    expect(fetched.title).toBe("Cart total ignores discounts");

    const { data: closed } = await octokit.rest.issues.update({
      ...repo,
      issue_number: created.number,
      state: "closed",
      state_reason: "not_planned",
      labels: ["bug"],
      milestone: null,
    });
    expect(closed).toMatchObject({
      state: "closed",
      state_reason: "not_planned",
      milestone: null,
      closed_by: { login: "demo" },
    });
    expect(closed.closed_at).not.toBeNull();
    expect(closed.labels).toHaveLength(1);
  });

  it("refuses an issue without a title, and an unknown milestone", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const untitled = await failureOf(octokit.rest.issues.create({ ...repo, title: "" }));
    expect(untitled.status).toBe(422);
    expect(untitled.data).toMatchObject({
      message: "Validation Failed",
      errors: [{ resource: "Issue", code: "missing_field", field: "title" }],
    });
    const count = sandbox.store.repository("acme", "web-app")?.issues.size;
    const badMilestone = await failureOf(octokit.rest.issues.create({ ...repo, title: "x", milestone: 99 }));
    expect(badMilestone.status).toBe(422);
    expect(sandbox.store.repository("acme", "web-app")?.issues.size).toBe(count);
  });

  it("lists only issues updated since a time", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const since = later(60);
    later(1);
    const { data: fresh } = await octokit.rest.issues.create({ ...repo, title: "Created after the mark" });
    later(1);
    await octokit.rest.issues.createComment({ ...repo, issue_number: 3, body: "Still relevant." });

    const { data } = await octokit.rest.issues.listForRepo({ ...repo, since, state: "all" });
    expect(data.map((issue) => issue.number).sort((a, b) => a - b)).toEqual([3, fresh.number]);
  });

  it("filters by state, labels and assignee and sorts as asked", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: bugs } = await octokit.rest.issues.listForRepo({ ...repo, labels: "bug", state: "open" });
    expect(bugs.length).toBeGreaterThan(0);
    expect(
      bugs.every(
        (issue) =>
          issue.state === "open" && issue.labels.some((label) => typeof label !== "string" && label.name === "bug"),
      ),
    ).toBe(true);

    const { data: mine } = await octokit.rest.issues.listForRepo({ ...repo, assignee: "mona" });
    expect(mine.map((issue) => issue.title)).toContain("Search results page is slow with 500+ products");
    expect(mine.every((issue) => issue.assignees?.some((user) => user.login === "mona"))).toBe(true);

    const { data: oldestFirst } = await octokit.rest.issues.listForRepo({ ...repo, sort: "created", direction: "asc" });
    expect(oldestFirst[0]?.number).toBe(1);
  });

  it("shows pull requests in the issue list, numbered with issues, and only pull requests in pulls", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: issue } = await octokit.rest.issues.create({ ...repo, title: "Before the pull request" });
    const { data: pull } = await octokit.rest.pulls.create({
      ...repo,
      title: "Add coupons",
      head: "feature/coupons",
      base: "main",
    });
    expect(pull.number).toBe(issue.number + 1);
    expect(pull.head.ref).toBe("feature/coupons");

    const { data: asIssue } = await octokit.rest.issues.get({ ...repo, issue_number: pull.number });
    expect(asIssue.pull_request?.url).toBe(pull.url);
    const { data: all } = await octokit.rest.issues.listForRepo({ ...repo, per_page: 100 });
    expect(all.find((item) => item.number === issue.number)?.pull_request).toBeUndefined();

    const { data: pulls } = await octokit.rest.pulls.list({ ...repo, state: "all" });
    expect(pulls.map((item) => item.number)).toContain(pull.number);
    expect(pulls.map((item) => item.number)).not.toContain(issue.number);

    const merged = await octokit.rest.pulls.merge({ ...repo, pull_number: pull.number });
    expect(merged.data.merged).toBe(true);
    const { data: after } = await octokit.rest.pulls.get({ ...repo, pull_number: pull.number });
    expect(after).toMatchObject({ state: "closed", merged: true, merged_by: { login: "demo" } });
  });

  it("keeps labels, assignees and comments per issue", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    await octokit.rest.issues.addLabels({ ...repo, issue_number: 2, labels: ["help wanted"] });
    await octokit.rest.issues.removeLabel({ ...repo, issue_number: 2, name: "enhancement" });
    const { data: labels } = await octokit.rest.issues.listLabelsOnIssue({ ...repo, issue_number: 2 });
    expect(labels.map((label) => label.name)).toEqual(["help wanted"]);

    const { data: assigned } = await octokit.rest.issues.addAssignees({
      ...repo,
      issue_number: 2,
      assignees: ["mona", "demo"],
    });
    expect(assigned.assignees?.map((user) => user.login)).toEqual(["mona", "demo"]);
    const outsider = await failureOf(
      octokit.rest.issues.addAssignees({ ...repo, issue_number: 2, assignees: ["hubot"] }),
    );
    expect(outsider.status).toBe(422);
    const { data: assignable } = await octokit.rest.issues.listAssignees(repo);
    expect(assignable.map((user) => user.login)).toEqual(["demo", "mona"]);

    const { data: comment } = await octokit.rest.issues.createComment({ ...repo, issue_number: 2, body: "On it." });
    await octokit.rest.issues.updateComment({ ...repo, comment_id: comment.id, body: "On it, PR soon." });
    const { data: comments } = await octokit.rest.issues.listComments({ ...repo, issue_number: 2 });
    expect(comments.map((item) => item.body)).toEqual(["On it, PR soon."]);
    const { data: issue } = await octokit.rest.issues.get({ ...repo, issue_number: 2 });
    expect(issue.comments).toBe(1);
  });

  it("manages labels and milestones", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: label } = await octokit.rest.issues.createLabel({ ...repo, name: "performance", color: "#FBCA04" });
    expect(label.color).toBe("fbca04");
    const duplicate = await failureOf(octokit.rest.issues.createLabel({ ...repo, name: "Performance" }));
    expect(duplicate.data).toMatchObject({ errors: [{ code: "already_exists" }] });
    await octokit.rest.issues.updateLabel({ ...repo, name: "performance", new_name: "perf" });
    const { data: renamed } = await octokit.rest.issues.getLabel({ ...repo, name: "perf" });
    expect(renamed.id).toBe(label.id);

    const { data: milestone } = await octokit.rest.issues.createMilestone({
      ...repo,
      title: "Q3",
      due_on: "2026-09-30T00:00:00Z",
    });
    await octokit.rest.issues.updateMilestone({ ...repo, milestone_number: milestone.number, state: "closed" });
    const { data: open } = await octokit.rest.issues.listMilestones(repo);
    expect(open.map((item) => item.title)).not.toContain("Q3");
    const { data: all } = await octokit.rest.issues.listMilestones({ ...repo, state: "all" });
    expect(all.find((item) => item.title === "Q3")?.state).toBe("closed");
  });

  it("lets an outsider open an issue on a public repository but not label it or close others' issues", async () => {
    const outsider = sandbox.octokit(sandbox.tokenFor("hubot"));
    const { data } = await outsider.rest.issues.create({ ...repo, title: "Feature request", labels: ["enhancement"] });
    expect(data.labels).toEqual([]);
    const closing = await failureOf(outsider.rest.issues.update({ ...repo, issue_number: 1, state: "closed" }));
    expect(closing.status).toBe(403);
    const { data: own } = await outsider.rest.issues.update({ ...repo, issue_number: data.number, state: "closed" });
    expect(own.state).toBe("closed");
  });

  it("answers the remaining issue endpoints in GitHub's shapes", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: replaced } = await octokit.rest.issues.setLabels({ ...repo, issue_number: 6, labels: ["bug"] });
    expect(replaced.map((label) => label.name)).toEqual(["bug"]);
    const { data: unassigned } = await octokit.rest.issues.removeAssignees({
      ...repo,
      issue_number: 6,
      assignees: ["mona"],
    });
    expect(unassigned.assignees).toEqual([]);
    const { status } = await octokit.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: "mona" });
    expect(status).toBe(204);
    expect((await failureOf(octokit.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: "hubot" }))).status).toBe(
      404,
    );

    const { data: comments } = await octokit.rest.issues.listCommentsForRepo(repo);
    expect(comments.length).toBeGreaterThan(0);
    const { data: comment } = await octokit.rest.issues.getComment({ ...repo, comment_id: comments[0]?.id ?? 0 });
    expect(comment.body).toBe(comments[0]?.body);

    const { data: milestone } = await octokit.rest.issues.getMilestone({ ...repo, milestone_number: 1 });
    expect(milestone.title).toBe("Launch");
    const { data: labels } = await octokit.rest.issues.listLabelsForRepo({ ...repo, per_page: 100 });
    expect(labels.map((label) => label.name)).toContain("good first issue");

    const { data: byBranch } = await octokit.rest.pulls.list({ ...repo, head: "acme:chore/react-19" });
    expect(byBranch.map((pull) => pull.title)).toEqual(["Upgrade to React 19"]);
    const missing = await failureOf(octokit.rest.pulls.get({ ...repo, pull_number: 1 }));
    expect(missing.status).toBe(404);
  });
});
