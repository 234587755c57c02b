import { createHmac } from "node:crypto";
import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { errorOf, field, gql } from "../testing/factories.js";
import { startReceiver } from "../testing/webhook-receiver.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";

const SECRET = "s3cret-for-tests";

const CREATE = `mutation ($input: CreateOutboundWebhookInput!) {
  createOutboundWebhook(input: $input) { outboundWebhook { id url secretHint events } }
}`;
const WEBHOOKS = `query ($id: ID!) {
  workspace(id: $id) {
    outboundWebhooks {
      id url
      deliveries { id deliveryId event status attempts responseStatus durationMs requestBody responseExcerpt redelivery }
    }
  }
}`;
const MOVE = `mutation ($pipeline: ID!, $issue: ID!, $position: Int) {
  moveIssue(input: { pipelineId: $pipeline, issueId: $issue, position: $position }) { issue { id } }
}`;
const ESTIMATE = `mutation ($id: ID!, $value: Float) { setEstimate(input: { issueId: $id, value: $value }) { issue { id } } }`;

interface Delivery {
  id: string;
  deliveryId: string;
  event: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  requestBody: string;
  responseExcerpt: string | null;
  redelivery: boolean;
}

const signatureOf = (body: string) => `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;

describe.each(testEngines())("outbound webhooks on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let pipelines: { id: string; name: string }[];

  beforeAll(async () => {
    t = await createTestApp(
      {
        REQUIRE_EMAIL_VERIFICATION: "false",
        GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true",
        GANTRY_WEBHOOK_RETRY_DELAY_SECONDS: "1",
        GANTRY_WEBHOOK_MAX_ATTEMPTS: "3",
      },
      { engine, jobsPollingIntervalSeconds: 0.5 },
    );
    receiver = await startReceiver();
    w = await workspaceWithIssues(t, { native: 3, gitHub: 1 });
    const answer = await gql(t, w.owner.token, "query ($id: ID!) { workspace(id: $id) { pipelines { id name } } }", {
      id: w.workspace,
    });
    pipelines = field<{ pipelines: { id: string; name: string }[] }>(answer, "workspace").pipelines;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const pipeline = (name: string) => pipelines.find((entry) => entry.name === name)?.id ?? "";
  const addWebhook = async (path: string, events: string[]) => {
    const answer = await gql(t, w.owner.token, CREATE, {
      input: { workspaceId: w.workspace, url: receiver.url(path), secret: SECRET, events },
    });
    return field<{ outboundWebhook: { id: string; url: string; secretHint: string; events: string[] } }>(
      answer,
      "createOutboundWebhook",
    ).outboundWebhook;
  };
  const deliveriesOf = async (webhookId: string) => {
    const answer = await gql(t, w.owner.token, WEBHOOKS, { id: w.workspace });
    const hooks = field<{ outboundWebhooks: { id: string; deliveries: Delivery[] }[] }>(
      answer,
      "workspace",
    ).outboundWebhooks;
    return hooks.find((hook) => hook.id === webhookId)?.deliveries ?? [];
  };
  const ok = async (answer: Promise<{ errors?: unknown }>) => expect((await answer).errors).toBeUndefined();

  it("posts a pipeline move to the receiver, signed with the secret, with GitHub-style headers", async () => {
    const hook = await addWebhook("/moves", ["ISSUE_TRANSFER"]);
    expect(hook).toMatchObject({ url: receiver.url("/moves"), secretHint: "••••ests", events: ["ISSUE_TRANSFER"] });
    await ok(gql(t, w.owner.token, MOVE, { pipeline: pipeline("In Progress"), issue: w.native[0], position: 0 }));

    const request = await receiver.next("/moves");
    expect(request.headers["x-gantry-signature-256"]).toBe(signatureOf(request.body));
    expect(request.headers["x-gantry-event"]).toBe("issue_transfer");
    expect(request.headers["content-type"]).toBe("application/json");
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({
      type: "issue_transfer",
      workspace_id: w.workspace,
      issue_id: w.native[0],
      issue_number: 1,
      issue_title: "Native 1",
      from_pipeline_name: "New Issues",
      to_pipeline_name: "In Progress",
      user_name: expect.any(String),
    });
    expect(payload.github_url).toMatch(/\/workspaces\/.+\/issues\/1$/);
    await vi.waitFor(
      async () =>
        expect(await deliveriesOf(hook.id)).toEqual([
          expect.objectContaining({
            deliveryId: request.headers["x-gantry-delivery"],
            event: "ISSUE_TRANSFER",
            status: "SUCCEEDED",
            attempts: 1,
            responseStatus: 200,
            responseExcerpt: "thanks",
            requestBody: request.body,
          }),
        ]),
      { timeout: 10_000, interval: 100 },
    );
  });

  it("sends estimate_set and estimate_cleared for a GitHub issue, and nothing for events the webhook did not choose", async () => {
    const hook = await addWebhook("/estimates", ["ESTIMATE_SET", "ESTIMATE_CLEARED"]);
    await ok(gql(t, w.owner.token, ESTIMATE, { id: w.gitHub[0], value: 5 }));
    const set = JSON.parse((await receiver.next("/estimates")).body);
    expect(set).toMatchObject({
      type: "estimate_set",
      estimate: 5,
      organization: w.gitHubRepository.owner,
      repo: w.gitHubRepository.name,
      issue_number: 101,
    });
    await ok(gql(t, w.owner.token, MOVE, { pipeline: pipeline("Backlog"), issue: w.gitHub[0], position: 0 }));
    await ok(gql(t, w.owner.token, ESTIMATE, { id: w.gitHub[0], value: null }));
    const cleared = JSON.parse((await receiver.next("/estimates")).body);
    expect(cleared).toMatchObject({ type: "estimate_cleared", issue_number: 101 });
    expect(cleared).not.toHaveProperty("estimate");
    // Deliveries are stored when the change is made, so the log already holds all there will be.
    expect((await deliveriesOf(hook.id)).map((delivery) => delivery.event).sort()).toEqual([
      "ESTIMATE_CLEARED",
      "ESTIMATE_SET",
    ]);
  });

  it("sends issue_transfer for the issues of a deleted pipeline, from its name to the pipeline they moved to", async () => {
    const hook = await addWebhook("/deleted", ["ISSUE_TRANSFER"]);
    const created = await gql(
      t,
      w.owner.token,
      "mutation ($input: CreatePipelineInput!) { createPipeline(input: $input) { pipeline { id } } }",
      { input: { workspaceId: w.workspace, name: "Doomed" } },
    );
    const doomed = field<{ pipeline: { id: string } }>(created, "createPipeline").pipeline.id;
    await ok(gql(t, w.owner.token, MOVE, { pipeline: doomed, issue: w.gitHub[0], position: 0 }));
    await receiver.next("/deleted");
    await ok(
      gql(
        t,
        w.owner.token,
        "mutation ($input: DeletePipelineInput!) { deletePipeline(input: $input) { destinationPipeline { id } } }",
        { input: { pipelineId: doomed, destinationPipelineId: pipeline("Icebox") } },
      ),
    );
    expect(JSON.parse((await receiver.next("/deleted")).body)).toMatchObject({
      type: "issue_transfer",
      issue_number: 101,
      from_pipeline_name: "Doomed",
      to_pipeline_name: "Icebox",
    });
    expect(await deliveriesOf(hook.id)).toHaveLength(2);
  });

  it("sends issue_reprioritized with the new position when an issue moves within its pipeline", async () => {
    const hook = await addWebhook("/priority", ["ISSUE_REPRIORITIZED"]);
    await ok(gql(t, w.owner.token, MOVE, { pipeline: pipeline("Icebox"), issue: w.native[1], position: 0 }));
    await ok(gql(t, w.owner.token, MOVE, { pipeline: pipeline("Icebox"), issue: w.native[2], position: 0 }));
    await ok(gql(t, w.owner.token, MOVE, { pipeline: pipeline("Icebox"), issue: w.native[1], position: 0 }));
    const request = await receiver.next("/priority");
    expect(JSON.parse(request.body)).toMatchObject({
      type: "issue_reprioritized",
      issue_number: 2,
      to_pipeline_name: "Icebox",
      to_position: 0,
    });
    // The two moves into Icebox from elsewhere are transfers, not reorderings.
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
  });

  it("retries after the receiver answers 500, with the same delivery id, until it succeeds", async () => {
    receiver.answer("/flaky", [500]);
    const hook = await addWebhook("/flaky", ["ISSUE_TRANSFER"]);
    await ok(gql(t, w.owner.token, MOVE, { pipeline: pipeline("Done"), issue: w.native[0], position: 0 }));
    const first = await receiver.next("/flaky");
    const second = await receiver.next("/flaky");
    expect(second.headers["x-gantry-delivery"]).toBe(first.headers["x-gantry-delivery"]);
    expect(second.body).toBe(first.body);
    expect(second.headers["x-gantry-signature-256"]).toBe(signatureOf(second.body));
    await vi.waitFor(
      async () =>
        expect(await deliveriesOf(hook.id)).toEqual([
          expect.objectContaining({ status: "SUCCEEDED", attempts: 2, responseStatus: 200 }),
        ]),
      { timeout: 10_000, interval: 100 },
    );
  });

  it("marks a delivery failed after the install's attempts (3 here), keeping the receiver's last answer", async () => {
    receiver.answer("/down", [500, 502, 503]);
    const hook = await addWebhook("/down", ["ESTIMATE_SET"]);
    await ok(gql(t, w.owner.token, ESTIMATE, { id: w.native[1], value: 3 }));
    for (let attempt = 0; attempt < 3; attempt++) await receiver.next("/down");
    await vi.waitFor(
      async () =>
        expect(await deliveriesOf(hook.id)).toEqual([
          expect.objectContaining({
            status: "FAILED",
            attempts: 3,
            responseStatus: 503,
            responseExcerpt: "receiver is down",
          }),
        ]),
      { timeout: 10_000, interval: 100 },
    );
  });

  it("redelivers a delivery as a new one with the same body", async () => {
    const hook = await addWebhook("/again", ["ISSUE_TRANSFER"]);
    await ok(gql(t, w.owner.token, MOVE, { pipeline: pipeline("Review/QA"), issue: w.native[2], position: 0 }));
    const original = await receiver.next("/again");
    const [delivery] = await deliveriesOf(hook.id);
    const answer = await gql(
      t,
      w.owner.token,
      "mutation ($id: ID!) { redeliverOutboundWebhookDelivery(input: { deliveryId: $id }) { delivery { redelivery status } } }",
      { id: delivery?.id },
    );
    expect(field(answer, "redeliverOutboundWebhookDelivery")).toEqual({
      delivery: { redelivery: true, status: "PENDING" },
    });
    const again = await receiver.next("/again");
    expect(again.body).toBe(original.body);
    expect(again.headers["x-gantry-delivery"]).not.toBe(original.headers["x-gantry-delivery"]);
    expect(again.headers["x-gantry-signature-256"]).toBe(signatureOf(again.body));
  });

  it("lets only workspace admins see, add or delete webhooks", async () => {
    const hook = await addWebhook("/private", ["ISSUE_TRANSFER"]);
    const input = { workspaceId: w.workspace, url: receiver.url("/x"), secret: SECRET, events: ["ISSUE_TRANSFER"] };
    expect(errorOf(await gql(t, w.viewer.token, CREATE, { input })).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, w.outsider.token, CREATE, { input })).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, w.viewer.token, WEBHOOKS, { id: w.workspace })).code).toBe("FORBIDDEN");
    const remove =
      "mutation ($id: ID!) { deleteOutboundWebhook(input: { outboundWebhookId: $id }) { outboundWebhook { id } } }";
    expect(errorOf(await gql(t, w.viewer.token, remove, { id: hook.id })).code).toBe("FORBIDDEN");
    await ok(gql(t, w.owner.token, remove, { id: hook.id }));
    expect(await deliveriesOf(hook.id)).toEqual([]);
    const answer = await gql(t, w.owner.token, WEBHOOKS, { id: w.workspace });
    const ids = field<{ outboundWebhooks: { id: string }[] }>(answer, "workspace").outboundWebhooks.map((h) => h.id);
    expect(ids).not.toContain(hook.id);
  });

  it("refuses an address that is not http(s), a short secret and no events, each with a message for its field", async () => {
    const create = (input: Record<string, unknown>) =>
      gql(t, w.owner.token, CREATE, {
        input: {
          workspaceId: w.workspace,
          url: receiver.url("/x"),
          secret: SECRET,
          events: ["ISSUE_TRANSFER"],
          ...input,
        },
      });
    const refusal = async (input: Record<string, unknown>) => {
      const answer = await create(input);
      return { ...errorOf(answer), field: answer.errors?.[0]?.extensions?.field };
    };
    expect(await refusal({ url: "ftp://example.com/hook" })).toEqual({
      code: "BAD_USER_INPUT",
      message: "Webhooks are sent over https:// or http:// only.",
      field: "url",
    });
    expect(await refusal({ url: "not a url" })).toMatchObject({ code: "BAD_USER_INPUT", field: "url" });
    expect(await refusal({ secret: "short" })).toEqual({
      code: "BAD_USER_INPUT",
      message: "The secret must be 8 to 256 characters long.",
      field: "secret",
    });
    expect(await refusal({ events: [] })).toEqual({
      code: "BAD_USER_INPUT",
      message: "Choose at least one event to send.",
      field: "events",
    });
  });
});

describe.each(testEngines())(
  "outbound webhooks on an install that keeps them off private addresses, on %s",
  (engine) => {
    let t: TestApp;
    let w: WorkspaceIssues;
    beforeAll(async () => {
      t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" }, { engine });
      w = await workspaceWithIssues(t, { native: 0, gitHub: 0 });
    });
    afterAll(() => t.close());

    it.each([
      ["http://127.0.0.1:9/hook", "127.0.0.1 is a loopback, link-local or private address"],
      ["http://169.254.169.254/latest/meta-data", "169.254.169.254 is a loopback, link-local or private address"],
      ["http://[::1]:9/hook", "::1 is a loopback, link-local or private address"],
      ["http://10.1.2.3/hook", "10.1.2.3 is a loopback, link-local or private address"],
      ["http://localhost:9/hook", "localhost resolves to "],
    ])("refuses %s with a clear message", async (url, message) => {
      const answer = await gql(t, w.owner.token, CREATE, {
        input: { workspaceId: w.workspace, url, secret: SECRET, events: ["ISSUE_TRANSFER"] },
      });
      expect(errorOf(answer).code).toBe("BAD_USER_INPUT");
      expect(errorOf(answer).message).toContain(message);
      expect(errorOf(answer).message).toContain("which webhooks may not reach on this install");
    });
  },
);
