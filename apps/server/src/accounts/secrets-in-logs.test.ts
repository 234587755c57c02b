import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxMailer } from "../mail/mailer.js";
import { createTestApp, type TestApp } from "../testing/app.js";

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
