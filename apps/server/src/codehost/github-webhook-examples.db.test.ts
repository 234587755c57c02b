/**
 * GitHub's own payloads, not ours: every example in @octokit/webhooks-examples (captured from
 * GitHub by the community) for the events Gantry subscribes to, and a sample of others, addressed
 * to a connected repository and signed as GitHub signs them.
 */
import { createRequire } from "node:module";
import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { sign } from "@octokit/webhooks-methods";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { createOrganization, createWorkspace, field, gql, signUpUser, type TestUser } from "../testing/factories.js";
import { deliveryBody, postGitHubDelivery } from "../testing/github-delivery.js";
import { REPOSITORY_DELETED_ON_GITHUB } from "./repository-events.js";

type Payload = Record<string, unknown> & {
  action?: string;
  repository: Record<string, unknown>;
  changes?: Record<string, Record<string, unknown>>;
  issue?: Record<string, unknown>;
  label?: Record<string, unknown>;
  milestone?: Record<string, unknown>;
};
interface Definition {
  name: string;
  examples: Payload[];
}

const definitions = createRequire(import.meta.url)("@octokit/webhooks-examples") as Definition[];
const SUBSCRIBED = ["issues", "pull_request", "label", "milestone", "issue_comment", "member", "repository"];
const SAMPLED = ["ping", "push", "pull_request_review", "installation", "star", "create", "release"];

const HOOK_SECRET = "hook-secret-for-github-examples";
const OLD_REPOSITORY = 7_100_001;
const NEW_REPOSITORY = 7_100_002;

const examplesOf = (event: string, action?: string) =>
  (definitions.find((definition) => definition.name === event)?.examples ?? []).filter(
    (example) => action === undefined || example.action === action,
  );

function example(event: string, action: string, index = 0): Payload {
  const found = examplesOf(event, action)[index];
  if (!found) throw new Error(`@octokit/webhooks-examples has no ${event}.${action} #${index}`);
  return structuredClone(found);
}

/** A payload addressed to one of the test's repositories, with `changes` made on top. */
function addressed(payload: Payload, ghId: number, edits: Partial<Payload> = {}): Payload {
  return { ...payload, ...edits, repository: { ...payload.repository, id: ghId } };
}

/** No GitHub is reached: deliveries are all these tests send; reconciliation is off. */
const GITHUB = {
  webUrl: "http://127.0.0.1:9",
  apiUrl: "http://127.0.0.1:9",
  clientId: "c",
  clientSecret: "s",
  reconcileIntervalMs: 0,
};

let sequence = 0;

describe.each(testEngines())("GitHub's example webhook payloads (%s)", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let workspace: string;
  const repositoryIds: Record<number, string> = {};

  async function connect(ghId: number, name: string) {
    const [row] = await t.database.db
      .insert(schema.repositories)
      .values({
        ghId,
        ownerLogin: "Codertocat",
        name,
        htmlUrl: `https://github.com/Codertocat/${name}`,
        hookId: ghId,
        importState: "done",
        encryptedHookSecret: t.secretBox.seal(HOOK_SECRET),
      })
      .returning();
    if (!row) throw new Error("no repository");
    repositoryIds[ghId] = row.id;
    await t.database.db
      .insert(schema.workspaceRepositories)
      .values({ workspaceId: decodeGlobalID(workspace).id, repositoryId: row.id });
  }

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" }, { engine, github: GITHUB });
    owner = await signUpUser(t, "hooks");
    workspace = await createWorkspace(t, owner, await createOrganization(t, owner));
    await connect(OLD_REPOSITORY, "Hello-World");
    await connect(NEW_REPOSITORY, "Hello-World-Next");
  });
  afterAll(() => t.close());

  async function deliver(event: string, payload: Payload, contentType: "json" | "form" = "json") {
    const body = deliveryBody(JSON.stringify(payload), contentType);
    return postGitHubDelivery(t, {
      body,
      event,
      contentType,
      deliveryId: `example-${engine}-${++sequence}`,
      signature: await sign(HOOK_SECRET, body),
    });
  }

  async function storedIssue(ghId: number, number: number) {
    const [row] = await t.database.db
      .select()
      .from(schema.issues)
      .where(and(eq(schema.issues.repositoryId, repositoryIds[ghId] ?? ""), eq(schema.issues.number, number)));
    return row ?? null;
  }

  async function onBoard(issueId: string) {
    const rows = await t.database.db
      .select({ pipelineId: schema.issuePositions.pipelineId })
      .from(schema.issuePositions)
      .where(eq(schema.issuePositions.issueId, issueId));
    return rows.length > 0;
  }

  async function sync(name: string) {
    const answer = await gql(
      t,
      owner.token,
      `query ($id: ID!) { workspace(id: $id) { repositoriesConnection(first: 100) { nodes { repository {
        name htmlUrl sync { webhookInstalled archived lastDeliveryLagMs lastError } } } } } }`,
      { id: workspace },
    );
    const nodes = field<{
      repositoriesConnection: {
        nodes: {
          repository: {
            name: string;
            htmlUrl: string;
            sync: {
              webhookInstalled: boolean;
              archived: boolean;
              lastDeliveryLagMs: number | null;
              lastError: string | null;
            };
          };
        }[];
      };
    }>(answer, "workspace").repositoriesConnection.nodes;
    return nodes.map((node) => node.repository).find((repository) => repository.name === name);
  }

  it("answers every example of the subscribed events, and a sample of others, without a 5xx or internals", async () => {
    const failures: string[] = [];
    let replayed = 0;
    for (const event of [...SUBSCRIBED, ...SAMPLED]) {
      for (const payload of examplesOf(event)) {
        // Deleting or transferring the repository is its own test; here it would end the replay.
        if (event === "repository" && payload.action === "transferred") continue;
        const answer = await deliver(event, addressed(structuredClone(payload), OLD_REPOSITORY));
        replayed += 1;
        const text = answer.body;
        if (answer.statusCode >= 300 || /select |insert |update |Failed query|params:/i.test(text)) {
          failures.push(`${event}.${payload.action ?? "-"}: ${answer.statusCode} ${text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(replayed).toBeGreaterThan(100);
  });

  it("keeps what a delivery leaves out: a pinned issue keeps its labels and a closed one stays closed", async () => {
    const labeled = addressed(example("issues", "labeled"), OLD_REPOSITORY);
    (labeled.issue as Record<string, unknown>).number = 101;
    (labeled.issue as Record<string, unknown>).updated_at = "2026-11-20T10:00:00Z";
    (labeled.issue as Record<string, unknown>).state = "closed";
    expect((await deliver("issues", labeled)).statusCode).toBe(202);

    const pinned = addressed(example("issues", "pinned"), OLD_REPOSITORY);
    expect(pinned.issue && "labels" in pinned.issue).toBe(false);
    (pinned.issue as Record<string, unknown>).number = 101;
    (pinned.issue as Record<string, unknown>).updated_at = "2026-11-21T10:00:00Z";
    expect((await deliver("issues", pinned)).statusCode).toBe(202);

    const issue = await storedIssue(OLD_REPOSITORY, 101);
    expect(issue?.labels.map((label) => label.name)).toEqual(["bug"]);
    expect(issue?.state).toBe("closed");
  });

  it("stores a delivery about an issue untouched for years, with its lag, and shows it on sync health", async () => {
    const opened = addressed(example("issues", "opened"), OLD_REPOSITORY);
    (opened.issue as Record<string, unknown>).number = 102;
    expect((await deliver("issues", opened)).statusCode).toBe(202);
    const issue = await storedIssue(OLD_REPOSITORY, 102);
    expect(issue?.title).toBe("Spelling error in the README file");
    expect(await onBoard(issue?.id ?? "")).toBe(true);
    // Opened in 2019: over 2^31 milliseconds late.
    expect((await sync("Hello-World"))?.sync.lastDeliveryLagMs).toBeGreaterThan(2 ** 31);
  });

  it("applies a hook's form-encoded deliveries, and bodies above 5 MB up to GitHub's 25 MB", async () => {
    const opened = addressed(example("issues", "opened"), OLD_REPOSITORY);
    Object.assign(opened.issue as object, { number: 103, title: "Sent as a form", updated_at: "2026-11-22T10:00:00Z" });
    expect((await deliver("issues", opened, "form")).statusCode).toBe(202);
    expect((await storedIssue(OLD_REPOSITORY, 103))?.title).toBe("Sent as a form");

    Object.assign(opened.issue as object, { number: 104, title: "Long body", body: "x".repeat(8 * 1024 * 1024) });
    expect((await deliver("issues", opened)).statusCode).toBe(202);
    expect((await storedIssue(OLD_REPOSITORY, 104))?.body?.length).toBe(8 * 1024 * 1024);
  });

  it("renames and removes labels and milestones on the cards that carry them", async () => {
    const milestoned = addressed(example("issues", "milestoned"), OLD_REPOSITORY);
    Object.assign(milestoned.issue as object, { number: 105, updated_at: "2026-11-22T11:00:00Z" });
    await deliver("issues", milestoned);
    expect((await storedIssue(OLD_REPOSITORY, 105))?.milestone?.title).toBe("v1.0");

    const renamedMilestone = addressed(example("milestone", "created"), OLD_REPOSITORY, {
      action: "edited",
      changes: { title: { from: "v1.0" } },
    });
    Object.assign(renamedMilestone.milestone as object, { title: "v1.0 final" });
    expect((await deliver("milestone", renamedMilestone)).statusCode).toBe(202);
    const renamed = await storedIssue(OLD_REPOSITORY, 105);
    expect(renamed?.milestone).toEqual({ number: 1, title: "v1.0 final" });
    expect(renamed?.labels.map((label) => label.name)).toEqual(["bug"]);

    const renamedLabel = addressed(example("label", "edited"), OLD_REPOSITORY, {
      changes: { name: { from: "bug" } },
    });
    Object.assign(renamedLabel.label as object, { name: "defect", color: "aa0000" });
    expect((await deliver("label", renamedLabel)).statusCode).toBe(202);
    expect((await storedIssue(OLD_REPOSITORY, 105))?.labels).toEqual([{ name: "defect", color: "aa0000" }]);

    const deletedLabel = addressed(example("label", "deleted"), OLD_REPOSITORY);
    Object.assign(deletedLabel.label as object, { name: "defect" });
    await deliver("label", deletedLabel);
    expect((await storedIssue(OLD_REPOSITORY, 105))?.labels).toEqual([]);

    await deliver("milestone", addressed(example("milestone", "deleted"), OLD_REPOSITORY));
    expect((await storedIssue(OLD_REPOSITORY, 105))?.milestone).toBeNull();
  });

  it("moves a transferred issue to the connected repository it went to, keeping its estimate and place", async () => {
    const opened = addressed(example("issues", "opened"), OLD_REPOSITORY);
    Object.assign(opened.issue as object, { number: 106, updated_at: "2026-11-23T10:00:00Z" });
    await deliver("issues", opened);
    const before = await storedIssue(OLD_REPOSITORY, 106);
    await t.database.db
      .update(schema.issues)
      .set({ estimate: 5 })
      .where(eq(schema.issues.id, before?.id ?? ""));

    const transferred = addressed(example("issues", "transferred"), OLD_REPOSITORY);
    Object.assign(transferred.issue as object, { number: 106 });
    const changes = transferred.changes as {
      new_issue: Record<string, unknown>;
      new_repository: Record<string, unknown>;
    };
    changes.new_repository.id = NEW_REPOSITORY;
    Object.assign(changes.new_issue, {
      number: 7,
      html_url: "https://github.com/Codertocat/Hello-World-Next/issues/7",
    });
    expect((await deliver("issues", transferred)).statusCode).toBe(202);

    expect(await storedIssue(OLD_REPOSITORY, 106)).toBeNull();
    const moved = await storedIssue(NEW_REPOSITORY, 7);
    expect(moved?.id).toBe(before?.id);
    expect(moved?.estimate).toBe(5);
    expect(moved?.htmlUrl).toBe("https://github.com/Codertocat/Hello-World-Next/issues/7");
    expect(await onBoard(moved?.id ?? "")).toBe(true);
  });

  it("moves each transferred issue once, whichever of GitHub's two deliveries comes first or both at once", async () => {
    // GitHub tells the old repository (`transferred`) and the new one (`opened` with `old_issue`)
    // separately; they are applied in two transactions that may overlap.
    const numbers = Array.from({ length: 96 }, (_, index) => 300 + index);
    const before = new Map<number, string>();
    for (const number of numbers) {
      const opened = addressed(example("issues", "opened"), OLD_REPOSITORY);
      Object.assign(opened.issue as object, { number, updated_at: "2026-11-23T10:00:00Z" });
      await deliver("issues", opened);
      const row = await storedIssue(OLD_REPOSITORY, number);
      await t.database.db
        .update(schema.issues)
        .set({ estimate: number % 13 })
        .where(eq(schema.issues.id, row?.id ?? ""));
      before.set(number, row?.id ?? "");
    }
    const deliveriesOf = (number: number) => {
      const newNumber = number + 1000;
      const htmlUrl = `https://github.com/Codertocat/Hello-World-Next/issues/${newNumber}`;
      const transferred = addressed(example("issues", "transferred"), OLD_REPOSITORY);
      Object.assign(transferred.issue as object, { number });
      const out = transferred.changes as { new_issue: Record<string, unknown>; new_repository: { id: number } };
      out.new_repository.id = NEW_REPOSITORY;
      Object.assign(out.new_issue, { number: newNumber, html_url: htmlUrl });
      const arrived = addressed(example("issues", "opened", 3), NEW_REPOSITORY);
      Object.assign(arrived.issue as object, {
        id: out.new_issue.id,
        number: newNumber,
        html_url: htmlUrl,
        updated_at: "2026-11-23T12:00:00Z",
      });
      const into = arrived.changes as { old_issue: Record<string, unknown>; old_repository: { id: number } };
      into.old_repository.id = OLD_REPOSITORY;
      Object.assign(into.old_issue, { number });
      return { transferred, arrived };
    };
    // One transfer at a time, its second delivery a few milliseconds after the first, so one
    // side's commit falls at each point of the other's work.
    for (const [index, number] of numbers.entries()) {
      const { transferred, arrived } = deliveriesOf(number);
      const [first, second] = index % 2 === 0 ? [transferred, arrived] : [arrived, transferred];
      const late = new Promise((sent) => setTimeout(sent, Math.floor(index / 2) % 12)).then(() =>
        deliver("issues", second),
      );
      await Promise.all([deliver("issues", first), late]);
    }

    for (const number of numbers) {
      expect(await storedIssue(OLD_REPOSITORY, number)).toBeNull();
      const moved = await storedIssue(NEW_REPOSITORY, number + 1000);
      expect(moved, `issue ${number}`).toMatchObject({ id: before.get(number), estimate: number % 13 });
      expect(await onBoard(moved?.id ?? "")).toBe(true);
    }
  });

  it("takes a card off the board when its issue is transferred out of Gantry's reach or deleted", async () => {
    for (const number of [107, 108]) {
      const opened = addressed(example("issues", "opened"), OLD_REPOSITORY);
      Object.assign(opened.issue as object, { number, updated_at: "2026-11-23T11:00:00Z" });
      await deliver("issues", opened);
    }
    const transferred = addressed(example("issues", "transferred"), OLD_REPOSITORY);
    Object.assign(transferred.issue as object, { number: 107 });
    (transferred.changes as { new_repository: { id: number } }).new_repository.id = 999_999;
    await deliver("issues", transferred);
    const deleted = addressed(example("issues", "deleted"), OLD_REPOSITORY);
    Object.assign(deleted.issue as object, { number: 108 });
    await deliver("issues", deleted);
    expect([await storedIssue(OLD_REPOSITORY, 107), await storedIssue(OLD_REPOSITORY, 108)]).toEqual([null, null]);
  });

  it("follows the repository: renamed, privatized, archived, and deleted on GitHub", async () => {
    const opened = addressed(example("issues", "opened"), NEW_REPOSITORY);
    Object.assign(opened.issue as object, {
      number: 8,
      html_url: "https://github.com/Codertocat/Hello-World-Next/issues/8",
      updated_at: "2026-11-24T10:00:00Z",
    });
    await deliver("issues", opened);

    const renamed = addressed(example("repository", "renamed"), NEW_REPOSITORY);
    Object.assign(renamed.repository, {
      name: "Renamed-World",
      html_url: "https://github.com/Codertocat/Renamed-World",
      owner: { ...(renamed.repository.owner as object), login: "Codertocat" },
    });
    expect((await deliver("repository", renamed)).statusCode).toBe(202);
    expect((await storedIssue(NEW_REPOSITORY, 8))?.htmlUrl).toBe(
      "https://github.com/Codertocat/Renamed-World/issues/8",
    );

    const privatized = addressed(example("repository", "privatized"), NEW_REPOSITORY);
    Object.assign(privatized.repository, { name: "Renamed-World" });
    await deliver("repository", privatized);
    const [row] = await t.database.db
      .select({ isPrivate: schema.repositories.isPrivate })
      .from(schema.repositories)
      .where(eq(schema.repositories.ghId, NEW_REPOSITORY));
    expect(row?.isPrivate).toBe(true);

    const archived = addressed(example("repository", "privatized"), NEW_REPOSITORY, { action: "archived" });
    Object.assign(archived.repository, { name: "Renamed-World", archived: true });
    await deliver("repository", archived);
    expect((await sync("Renamed-World"))?.sync.archived).toBe(true);

    const deleted = addressed(example("repository", "privatized"), NEW_REPOSITORY, { action: "deleted" });
    Object.assign(deleted.repository, { name: "Renamed-World" });
    await deliver("repository", deleted);
    expect((await sync("Renamed-World"))?.sync).toMatchObject({
      webhookInstalled: false,
      lastError: REPOSITORY_DELETED_ON_GITHUB,
    });
  });

  it("applies a delivery accepted before a crash when the next process starts", async () => {
    const opened = addressed(example("issues", "opened"), OLD_REPOSITORY);
    Object.assign(opened.issue as object, { number: 109, title: "Accepted, then the process died" });
    // As the route stores it on accepting, before applying: a process killed in between leaves this row.
    await t.database.db.insert(schema.webhookDeliveries).values({
      deliveryId: `crashed-${engine}`,
      event: "issues",
      action: "opened",
      repositoryId: repositoryIds[OLD_REPOSITORY],
      state: "queued",
      payload: JSON.stringify(opened),
    });
    const next = await createTestApp({}, { engine, github: GITHUB, database: t.database, secretBox: t.secretBox });
    try {
      await next.app.ready();
      await expect.poll(() => storedIssue(OLD_REPOSITORY, 109), { timeout: 20_000 }).not.toBeNull();
      const [delivery] = await t.database.db
        .select({ state: schema.webhookDeliveries.state, payload: schema.webhookDeliveries.payload })
        .from(schema.webhookDeliveries)
        .where(eq(schema.webhookDeliveries.deliveryId, `crashed-${engine}`));
      expect(delivery).toEqual({ state: "applied", payload: null });
    } finally {
      await next.close();
    }
  });
});
