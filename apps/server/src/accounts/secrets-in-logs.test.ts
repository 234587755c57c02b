import { PassThrough } from "node:stream";
import { schema } from "@gantry/db";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxMailer } from "../mail/mailer.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import { field, gql } from "../testing/factories.js";
import { continueWithGitHub, SANDBOX_CLIENT, startHub } from "../testing/hub.js";
import { startReceiver } from "../testing/webhook-receiver.js";
import { workspaceWithIssues } from "../testing/workspace-issues.js";

describe("logs of a whole account journey", () => {
  const lines: string[] = [];
  const mailer = new OutboxMailer();
  let t: TestApp;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
    t = await createTestApp({ LOG_LEVEL: "trace" }, { mailer, logStream: stream });
  });
  afterAll(() => t.close());

  it("never contain a password, a session token or a mailed token", async () => {
    const password = "Secret-Horse-77";
    const email = "logs@acme.io";
    await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email, password } });
    const link = new URL(mailer.list()[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    const mailedToken = link.searchParams.get("token") ?? "";
    await t.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { email, token: mailedToken } });
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
    const { token } = login.json();
    await t.app.inject({
      method: "POST",
      url: "/graphql",
      payload: { query: "{ viewer { email } }" },
      headers: { authorization: `Bearer ${token}` },
    });
    await t.app.inject({ method: "POST", url: "/api/auth/signout", headers: { authorization: `Bearer ${token}` } });

    const log = lines.join("");
    expect(log).toContain("/api/auth/login");
    expect(mailedToken).toMatch(/^gve_/);
    for (const secret of [password, token, mailedToken]) expect(log).not.toContain(secret);
  });
});

/**
 * A full run at the most talkative log level (issue #15): password sign-up and sign-in, "Continue with
 * GitHub" through the hub sandbox (the server then calls GitHub with the person's token), an API key made
 * and used, an outbound webhook made with a secret and delivered signed. No secret may reach the log.
 */
describe("logs of a full run", () => {
  const lines: string[] = [];
  let t: TestApp;
  let hub: HubSandbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
    const started = await startHub();
    hub = started.hub;
    receiver = await startReceiver();
    t = await createTestApp(
      { LOG_LEVEL: "trace", REQUIRE_EMAIL_VERIFICATION: "false", GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true" },
      { logStream: stream, github: started.github, jobsPollingIntervalSeconds: 0.5 },
    );
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await hub.close();
  });

  it("never contain a password, session token, GitHub token, API key, webhook secret or client secret", async () => {
    const password = "Full-Run-Password-42";
    const email = "full-run@acme.io";
    const signup = await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email, password } });
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
    const sessionTokens: string[] = [signup.json().token, login.json().token];

    const github = await continueWithGitHub(t, hub, "demo");
    expect(github.token).toBeTruthy();
    sessionTokens.push(github.token ?? "");
    // The server lists the person's repositories from GitHub with their token.
    const repositories = await gql(
      t,
      github.token,
      "{ viewer { githubRepositories { name } githubOrganizations { login } } }",
    );
    expect(repositories.errors).toBeUndefined();
    const [account] = await t.database.db
      .select()
      .from(schema.githubAccounts)
      .where(eq(schema.githubAccounts.login, "demo"));
    const gitHubToken = t.secretBox.open(account?.encryptedToken ?? "");

    const created = await gql(t, login.json().token, 'mutation { createApiKey(input: { name: "logs" }) { secret } }');
    const apiKey = field<{ secret: string }>(created, "createApiKey").secret;
    const used = await t.app.inject({
      method: "POST",
      url: "/public/graphql",
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { query: "{ viewer { email } }" },
    });
    expect(used.json()).toEqual({ data: { viewer: { email } } });

    const webhookSecret = "Webhook-Signing-Secret-77";
    const w = await workspaceWithIssues(t, { native: 1, gitHub: 0 });
    sessionTokens.push(w.owner.token);
    const hook = await gql(
      t,
      w.owner.token,
      `mutation ($input: CreateOutboundWebhookInput!) { createOutboundWebhook(input: $input) { outboundWebhook { id } } }`,
      {
        input: {
          workspaceId: w.workspace,
          url: receiver.url("/logs"),
          secret: webhookSecret,
          events: ["ESTIMATE_SET"],
        },
      },
    );
    expect(hook.errors).toBeUndefined();
    const estimate = await gql(
      t,
      w.owner.token,
      "mutation ($id: ID!) { setEstimate(input: { issueId: $id, value: 3 }) { issue { id } } }",
      { id: w.native[0] },
    );
    expect(estimate.errors).toBeUndefined();
    const delivery = await receiver.next("/logs");
    expect(delivery.headers["x-gantry-signature-256"]).toMatch(/^sha256=/);

    const log = lines.join("");
    expect(log).toContain("/public/graphql");
    const secrets = [password, ...sessionTokens, gitHubToken, apiKey, webhookSecret, SANDBOX_CLIENT.clientSecret];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log).not.toContain(secret);
    }
  });
});
