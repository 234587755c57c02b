import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verify } from "@octokit/webhooks-methods";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { failureOf, startTestSandbox, type TestSandbox } from "../testing/harness.js";
import { assertGitHubWebhook } from "../testing/openapi.js";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const secret = "It's a Secret to Everybody";
const repo = { owner: "demo", repo: "notes" };

let sandbox: TestSandbox;
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let answerWith = 200;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(answerWith, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/github`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
  answerWith = 200;
});

/** Waits for the sandbox to finish sending, then gives the deliveries, each payload checked against GitHub's schema for its event. */
async function deliveries() {
  await sandbox.deliveriesSettled();
  return received.map(({ headers, body }) => {
    const form = headers["content-type"] === "application/x-www-form-urlencoded";
    const json = form ? (new URLSearchParams(body).get("payload") ?? "") : body;
    const payload = JSON.parse(json) as Record<string, unknown> & { action?: string };
    assertGitHubWebhook(String(headers["x-github-event"]), payload.action, payload);
    return { event: headers["x-github-event"], action: payload.action, payload, headers, body };
  });
}

describe("webhooks", () => {
  let hookId: number;

  it("creates a hook, pings it and signs every delivery", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: hook } = await octokit.rest.repos.createWebhook({
      ...repo,
      config: { url: receiverUrl, content_type: "json", secret },
      events: ["*"],
    });
    hookId = hook.id;
    expect(hook.config).toMatchObject({ url: receiverUrl, content_type: "json", secret: "********" });

    const [ping] = await deliveries();
    expect(ping?.event).toBe("ping");
    expect(ping?.headers["x-github-delivery"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(ping?.headers["x-github-hook-id"]).toBe(String(hook.id));
    expect(await verify(secret, ping?.body ?? "", String(ping?.headers["x-hub-signature-256"]))).toBe(true);
    expect(await verify("wrong secret", ping?.body ?? "", String(ping?.headers["x-hub-signature-256"]))).toBe(false);

    const { data: hooks } = await octokit.rest.repos.listWebhooks(repo);
    expect(hooks.map((item) => item.id)).toEqual([hook.id]);
    const { data: fetched } = await octokit.rest.repos.getWebhook({ ...repo, hook_id: hook.id });
    expect(fetched.last_response).toMatchObject({ code: 200, status: "active" });
  });

  it("delivers issue, label, milestone and comment events in GitHub's payload shape", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: issue } = await octokit.rest.issues.create({ ...repo, title: "Hook me", labels: ["bug"] });
    await octokit.rest.issues.update({ ...repo, issue_number: issue.number, state: "closed" });
    await octokit.rest.issues.createLabel({ ...repo, name: "urgent", color: "b60205" });
    await octokit.rest.issues.createMilestone({ ...repo, title: "Someday" });
    await octokit.rest.issues.createComment({ ...repo, issue_number: issue.number, body: "Closing for now." });

    const sent = await deliveries();
    expect(sent.map(({ event, action }) => `${event}.${action}`)).toEqual([
      "issues.opened",
      "issues.closed",
      "label.created",
      "milestone.created",
      "issue_comment.created",
    ]);
    for (const delivery of sent) {
      expect(await verify(secret, delivery.body, String(delivery.headers["x-hub-signature-256"]))).toBe(true);
      expect(delivery.payload).toMatchObject({ repository: { full_name: "demo/notes" }, sender: { login: "demo" } });
    }
    expect(sent[0]?.payload).toMatchObject({
      issue: { number: issue.number, title: "Hook me", labels: [{ name: "bug" }] },
    });
    expect(sent[1]?.payload).toMatchObject({ issue: { state: "closed" } });
    expect(sent[4]?.payload).toMatchObject({ issue: { number: issue.number }, comment: { body: "Closing for now." } });
  });

  it("delivers pull_request, member and repository events", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: pull } = await octokit.rest.pulls.create({
      ...repo,
      title: "Tidy notes",
      head: "tidy",
      base: "main",
    });
    await octokit.rest.repos.addCollaborator({ ...repo, username: "mona" });
    await octokit.rest.repos.update({ ...repo, description: "Notes, tidied" });

    const sent = await deliveries();
    expect(sent.map(({ event, action }) => `${event}.${action}`)).toEqual([
      "pull_request.opened",
      "member.added",
      "repository.edited",
    ]);
    expect(sent[0]?.payload).toMatchObject({ number: pull.number, pull_request: { head: { ref: "tidy" } } });
    expect(sent[1]?.payload).toMatchObject({ member: { login: "mona" } });
    expect(sent[2]?.payload).toMatchObject({
      changes: { description: { from: "Personal notes and experiments" } },
    });
  });

  it("sends every action in the shape GitHub documents for it", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: issue } = await octokit.rest.issues.create({ ...repo, title: "Every action" });
    const { data: milestone } = await octokit.rest.issues.createMilestone({ ...repo, title: "Every milestone" });
    await octokit.rest.issues.update({
      ...repo,
      issue_number: issue.number,
      title: "Every action, edited",
      labels: ["question"],
      assignees: ["demo"],
      milestone: milestone.number,
    });
    await octokit.rest.issues.update({
      ...repo,
      issue_number: issue.number,
      labels: [],
      assignees: [],
      milestone: null,
    });
    await octokit.rest.issues.update({ ...repo, issue_number: issue.number, state: "closed" });
    await octokit.rest.issues.update({ ...repo, issue_number: issue.number, state: "open" });
    await octokit.rest.issues.updateLabel({ ...repo, name: "question", color: "123456" });
    await octokit.rest.issues.deleteLabel({ ...repo, name: "question" });
    await octokit.rest.issues.updateMilestone({ ...repo, milestone_number: milestone.number, title: "Renamed" });
    await octokit.rest.issues.updateMilestone({ ...repo, milestone_number: milestone.number, state: "closed" });
    await octokit.rest.issues.deleteMilestone({ ...repo, milestone_number: milestone.number });
    const { data: comment } = await octokit.rest.issues.createComment({
      ...repo,
      issue_number: issue.number,
      body: "a",
    });
    await octokit.rest.issues.updateComment({ ...repo, comment_id: comment.id, body: "b" });
    await octokit.rest.issues.deleteComment({ ...repo, comment_id: comment.id });
    const { data: pull } = await octokit.rest.pulls.create({
      ...repo,
      title: "Every pull",
      head: "every",
      base: "main",
    });
    await octokit.rest.pulls.update({ ...repo, pull_number: pull.number, title: "Every pull, edited" });
    await octokit.rest.pulls.merge({ ...repo, pull_number: pull.number });
    await octokit.rest.repos.removeCollaborator({ ...repo, username: "mona" });
    await octokit.rest.repos.update({ ...repo, name: "notebook", private: true });
    await octokit.rest.repos.update({ owner: "demo", repo: "notebook", name: "notes", private: false });

    const actions = (await deliveries()).map(({ event, action }) => `${event}.${action}`);
    expect(actions).toEqual([
      "issues.opened",
      "milestone.created",
      "issues.edited",
      "issues.assigned",
      "issues.labeled",
      "issues.milestoned",
      "issues.unassigned",
      "issues.unlabeled",
      "issues.demilestoned",
      "issues.closed",
      "issues.reopened",
      "label.edited",
      "label.deleted",
      "milestone.edited",
      "milestone.closed",
      "milestone.deleted",
      "issue_comment.created",
      "issue_comment.edited",
      "issue_comment.deleted",
      "pull_request.opened",
      "pull_request.edited",
      "pull_request.closed",
      "member.removed",
      "repository.renamed",
      "repository.privatized",
      "repository.renamed",
      "repository.publicized",
    ]);
  });

  it("announces review requests and their removal, one event per reviewer", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    await octokit.rest.repos.addCollaborator({ ...repo, username: "mona" });
    await octokit.rest.repos.addCollaborator({ ...repo, username: "hubot" });
    const { data: pull } = await octokit.rest.pulls.create({
      ...repo,
      title: "Review me",
      head: "review",
      base: "main",
    });
    await octokit.rest.pulls.requestReviewers({ ...repo, pull_number: pull.number, reviewers: ["mona", "hubot"] });
    await octokit.rest.pulls.removeRequestedReviewers({ ...repo, pull_number: pull.number, reviewers: ["mona"] });

    const sent = (await deliveries()).filter(({ event }) => event === "pull_request");
    expect(sent.map(({ action }) => action)).toEqual([
      "opened",
      "review_requested",
      "review_requested",
      "review_request_removed",
    ]);
    // As on GitHub, each event of one request carries the pull request as the whole request left it.
    expect(sent[1]?.payload).toMatchObject({
      requested_reviewer: { login: "mona" },
      pull_request: { requested_reviewers: [{ login: "mona" }, { login: "hubot" }] },
    });
    expect(sent[2]?.payload).toMatchObject({ requested_reviewer: { login: "hubot" } });
    expect(sent[3]?.payload).toMatchObject({
      requested_reviewer: { login: "mona" },
      pull_request: { requested_reviewers: [{ login: "hubot" }] },
    });
  });

  it("logs deliveries and redelivers a past one under the same GUID", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    answerWith = 500;
    await octokit.rest.issues.create({ ...repo, title: "Receiver is down" });
    const [failed] = await deliveries();

    const { data: log } = await octokit.rest.repos.listWebhookDeliveries({ ...repo, hook_id: hookId });
    const entry = log.find((item) => item.guid === failed?.headers["x-github-delivery"]);
    expect(entry).toMatchObject({ event: "issues", action: "opened", status_code: 500, redelivery: false });
    const { data: detail } = await octokit.rest.repos.getWebhookDelivery({
      ...repo,
      hook_id: hookId,
      delivery_id: entry?.id ?? 0,
    });
    expect(detail.request.payload).toMatchObject({ issue: { title: "Receiver is down" } });

    answerWith = 200;
    received = [];
    const attempt = await octokit.rest.repos.redeliverWebhookDelivery({
      ...repo,
      hook_id: hookId,
      delivery_id: entry?.id ?? 0,
    });
    expect(attempt.status).toBe(202);
    const [again] = await deliveries();
    expect(again?.headers["x-github-delivery"]).toBe(failed?.headers["x-github-delivery"]);
    expect(again?.body).toBe(failed?.body);

    const { data: after } = await octokit.rest.repos.listWebhookDeliveries({ ...repo, hook_id: hookId });
    expect(after[0]).toMatchObject({ guid: entry?.guid, redelivery: true, status_code: 200 });
  });

  it("delivers form-encoded payloads when the hook asks for them", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: formHook } = await octokit.rest.repos.createWebhook({
      owner: "acme",
      repo: "web-app",
      config: { url: receiverUrl, secret },
      events: ["issues"],
    });
    expect(formHook.config.content_type).toBe("form");
    const [ping] = await deliveries();
    expect(ping?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(await verify(secret, ping?.body ?? "", String(ping?.headers["x-hub-signature-256"]))).toBe(true);
    expect(ping?.payload).toMatchObject({ zen: expect.any(String), hook_id: formHook.id });
  });

  it("pings on request and stops sending events a hook no longer subscribes to", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    await octokit.rest.repos.pingWebhook({ ...repo, hook_id: hookId });
    const { data: hook } = await octokit.rest.repos.updateWebhook({
      ...repo,
      hook_id: hookId,
      events: ["issue_comment"],
    });
    expect(hook.events).toEqual(["issue_comment"]);
    await octokit.rest.issues.create({ ...repo, title: "Not sent" });
    expect((await deliveries()).map(({ event }) => event)).toEqual(["ping"]);
  });

  it("accepts only loopback targets and stops delivering once a hook is deleted", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const remote = await failureOf(
      octokit.rest.repos.createWebhook({ ...repo, config: { url: "https://example.com/hook" } }),
    );
    expect(remote.status).toBe(422);

    await octokit.rest.repos.deleteWebhook({ ...repo, hook_id: hookId });
    await octokit.rest.issues.create({ ...repo, title: "Nobody hears this" });
    expect(await deliveries()).toEqual([]);
  });

  it("lets only administrators manage hooks", async () => {
    const failure = await failureOf(
      sandbox.octokit(sandbox.tokenFor("mona")).rest.repos.listWebhooks({ owner: "acme", repo: "web-app" }),
    );
    expect(failure.status).toBe(403);
  });
});

describe("the deliveries GitHub sends that REST alone never causes", () => {
  it("pins, transfers and deletes issues, archives and deletes repositories, each in GitHub's documented shape", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const repositories = [];
    for (const name of ["variants", "variants-next"]) {
      const { data } = await octokit.rest.repos.createForAuthenticatedUser({ name });
      await octokit.rest.repos.createWebhook({
        owner: "demo",
        repo: name,
        config: { url: receiverUrl, content_type: "json", secret },
        events: ["*"],
      });
      repositories.push(data);
    }
    const [from, to] = repositories;
    const { data: label } = await octokit.rest.issues.createLabel({ owner: "demo", repo: "variants", name: "bug" });
    const { data: issue } = await octokit.rest.issues.create({
      owner: "demo",
      repo: "variants",
      title: "Pin me",
      labels: [label.name],
    });
    const { data: doomed } = await octokit.rest.issues.create({ owner: "demo", repo: "variants", title: "Delete me" });
    await deliveries();
    received = [];

    const mutate = (mutation: string, input: Record<string, string | undefined>) =>
      octokit.graphql<Record<string, unknown>>(
        `mutation ($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { clientMutationId } }`,
        { input },
      );
    await mutate("pinIssue", { issueId: issue.node_id });
    await mutate("unpinIssue", { issueId: issue.node_id });
    await mutate("transferIssue", { issueId: issue.node_id, repositoryId: to?.node_id });
    await mutate("deleteIssue", { issueId: doomed.node_id });
    await octokit.rest.repos.update({ owner: "demo", repo: "variants", archived: true });
    await octokit.rest.repos.delete({ owner: "demo", repo: "variants-next" });

    // Each hook's deliveries go out in order; the two repositories' hooks send side by side.
    const sent = await deliveries();
    const of = (name: string) => sent.filter(({ payload }) => (payload.repository as { name: string }).name === name);
    expect(of("variants").map(({ event, action }) => `${event}.${action}`)).toEqual([
      "issues.pinned",
      "issues.unpinned",
      "issues.transferred",
      "issues.deleted",
      "repository.archived",
    ]);
    expect(of("variants-next").map(({ event, action }) => `${event}.${action}`)).toEqual([
      "issues.opened",
      "repository.deleted",
    ]);
    const [pinned, , transferred, , archived] = of("variants");
    const [opened] = of("variants-next");
    // As GitHub's own pin deliveries: the issue without its labels or state.
    expect(Object.keys(pinned?.payload.issue as object)).not.toContain("labels");
    expect(Object.keys(pinned?.payload.issue as object)).not.toContain("state");
    expect(transferred?.payload).toMatchObject({
      changes: { new_issue: { number: 1, labels: [{ name: "bug" }] }, new_repository: { id: to?.id } },
    });
    expect(opened?.payload).toMatchObject({
      changes: { old_issue: { number: issue.number }, old_repository: { id: from?.id } },
    });
    expect(archived?.payload).toMatchObject({ repository: { archived: true } });
  });
});

describe("sub-issues and issue dependencies", () => {
  it("links and unlinks through GitHub's REST endpoints and tells both issues' repositories, as documented", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const site = { owner: "acme", repo: "web-app" };
    await octokit.rest.repos.createWebhook({
      ...site,
      config: { url: receiverUrl, content_type: "json", secret },
      events: ["sub_issues", "issue_dependencies"],
    });
    const { data: parent } = await octokit.rest.issues.create({ ...site, title: "Epic: checkout" });
    const { data: child } = await octokit.rest.issues.create({ ...site, title: "Pay with cards" });
    const { data: other } = await octokit.rest.issues.create({ ...site, title: "Pay with vouchers" });
    await deliveries();
    received = [];

    for (const sub of [child, other]) {
      await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
        ...site,
        issue_number: parent.number,
        sub_issue_id: sub.id,
      });
    }
    await octokit.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority", {
      ...site,
      issue_number: parent.number,
      sub_issue_id: other.id,
      before_id: child.id,
    });
    const { data: ordered } = await octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
      ...site,
      issue_number: parent.number,
    });
    expect(ordered.map((issue) => issue.title)).toEqual(["Pay with vouchers", "Pay with cards"]);
    await octokit.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/sub_issue", {
      ...site,
      issue_number: parent.number,
      sub_issue_id: other.id,
    });
    // A parent cannot become its own child's child.
    const cycle = await failureOf(
      octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
        ...site,
        issue_number: child.number,
        sub_issue_id: parent.id,
      }),
    );
    expect(cycle.status).toBe(422);

    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by", {
      ...site,
      issue_number: child.number,
      issue_id: other.id,
    });
    const { data: blocking } = await octokit.request(
      "GET /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocking",
      { ...site, issue_number: other.number },
    );
    expect(blocking.map((issue) => issue.number)).toEqual([child.number]);
    await octokit.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by/{issue_id}", {
      ...site,
      issue_number: child.number,
      issue_id: other.id,
    });

    const sent = await deliveries();
    expect(sent.map(({ event, action }) => `${event}.${action}`)).toEqual([
      "sub_issues.sub_issue_added",
      "sub_issues.parent_issue_added",
      "sub_issues.sub_issue_added",
      "sub_issues.parent_issue_added",
      "sub_issues.sub_issue_removed",
      "sub_issues.parent_issue_removed",
      "issue_dependencies.blocked_by_added",
      "issue_dependencies.blocking_added",
      "issue_dependencies.blocked_by_removed",
      "issue_dependencies.blocking_removed",
    ]);
    expect(sent[0]?.payload).toMatchObject({ parent_issue_id: parent.id, sub_issue_id: child.id });
    expect(sent[6]?.payload).toMatchObject({ blocked_issue_id: child.id, blocking_issue_id: other.id });
  });
});

describe("issue types", () => {
  it("lists an organisation's types, sets one by name and announces issues.typed and untyped, as documented", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const site = { owner: "acme", repo: "typed" };
    await octokit.rest.repos.createInOrg({ org: "acme", name: site.repo });
    const { data: types } = await octokit.request("GET /orgs/{org}/issue-types", { org: "acme" });
    expect(types.map((type) => type?.name)).toEqual(["Task", "Bug", "Feature"]);
    await octokit.rest.repos.createWebhook({
      ...site,
      config: { url: receiverUrl, content_type: "json", secret },
      events: ["issues"],
    });
    const { data: issue } = await octokit.request("POST /repos/{owner}/{repo}/issues", {
      ...site,
      title: "Crash on save",
      type: "Bug",
    });
    expect(issue.type?.name).toBe("Bug");
    expect(issue).toMatchObject({
      sub_issues_summary: { total: 0, completed: 0, percent_completed: 0 },
      issue_dependencies_summary: { blocked_by: 0, blocking: 0, total_blocked_by: 0, total_blocking: 0 },
    });
    await deliveries();
    received = [];
    const { data: retyped } = await octokit.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
      ...site,
      issue_number: issue.number,
      type: "feature",
    });
    expect(retyped.type?.name).toBe("Feature");
    await octokit.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
      ...site,
      issue_number: issue.number,
      type: null,
    });
    const refused = await failureOf(
      octokit.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
        ...site,
        issue_number: issue.number,
        type: "Saga",
      }),
    );
    expect(refused.status).toBe(422);
    const sent = await deliveries();
    expect(sent.map(({ event, action }) => `${event}.${action}`)).toEqual([
      "issues.untyped",
      "issues.typed",
      "issues.untyped",
    ]);
    expect(sent.map(({ payload }) => (payload.type as { name: string }).name)).toEqual(["Bug", "Feature", "Feature"]);
    expect(sent[1]?.payload).toMatchObject({ issue: { type: { name: "Feature" } } });
    // A user's repositories have no issue types.
    expect((await failureOf(octokit.request("GET /orgs/{org}/issue-types", { org: "demo" }))).status).toBe(404);
  });
});
