import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { alreadySignedUpText } from "@gantry/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { gql, signUpUser } from "../testing/factories.js";
import { SIGNIN_FAILED } from "./routes.js";
import { FORM, outcomeOf } from "./testing/outcome.js";
import { IDP_CERT, IDP_ENTITY_ID, type SamlAnswer, startSamlIdp } from "./testing/saml-idp.js";

const PUBLIC_URL = "http://gantry.test";

describe.each(testEngines())("SAML sign-in on %s", (engine) => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startSamlIdp>>;

  beforeAll(async () => {
    idp = await startSamlIdp();
    t = await createTestApp(
      {
        PUBLIC_URL,
        REQUIRE_EMAIL_VERIFICATION: "false",
        AUTH_RATE_LIMIT_PER_MINUTE: "10000",
        GANTRY_EDITION: "enterprise",
        SIGNIN_PROVIDERS: "saml",
        SAML_ENTRY_POINT: idp.ssoUrl,
        SAML_IDP_CERT: IDP_CERT,
        SAML_IDP_ISSUER: IDP_ENTITY_ID,
      },
      { engine },
    );
    const metadata = await t.app.inject({ method: "GET", url: "/gantry_users/auth/saml/metadata" });
    idp.trust(metadata.body);
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** The browser's part: post the login form, sign in at the IdP as `login`, post its answer back. */
  async function signIn(login: string, answer: SamlAnswer = "good", returnTo = "/workspaces") {
    const start = await t.app.inject({
      method: "POST",
      url: "/gantry_users/auth/saml",
      headers: FORM,
      payload: new URLSearchParams({ return_to: returnTo }).toString(),
    });
    const sso = new URL(String(start.headers.location));
    sso.searchParams.set("login", login);
    sso.searchParams.set("answer", answer);
    const posted = (await (await fetch(sso)).json()) as { SAMLResponse: string; RelayState: string };
    return { sso, posted, finish: await postAnswer(posted) };
  }
  const postAnswer = (posted: { SAMLResponse: string; RelayState: string }) =>
    t.app.inject({
      method: "POST",
      url: "/gantry_users/auth/saml/callback",
      headers: FORM,
      payload: new URLSearchParams(posted).toString(),
    });

  it("is listed for the login page", async () => {
    const listed = await t.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(listed.json()).toEqual({ providers: [{ key: "saml", name: "SAML", kind: "redirect" }] });
  });

  it("publishes SP metadata that asks for signed assertions at the callback", async () => {
    const metadata = await t.app.inject({ method: "GET", url: "/gantry_users/auth/saml/metadata" });
    expect(metadata.headers["content-type"]).toContain("xml");
    expect(metadata.body).toContain(`entityID="${PUBLIC_URL}/gantry_users/auth/saml/metadata"`);
    expect(metadata.body).toContain('WantAssertionsSigned="true"');
    expect(metadata.body).toContain(`Location="${PUBLIC_URL}/gantry_users/auth/saml/callback"`);
  });

  it("sends the browser to the IdP with a request, then signs in from its signed assertion and lands where asked", async () => {
    idp.addUser("ada", { nameId: "ada@corp.test", email: "ada@corp.test", displayName: "Ada Lovelace" });
    const { sso, finish } = await signIn("ada", "good", "/workspaces");
    expect(sso.origin + sso.pathname).toBe(idp.ssoUrl);
    expect(sso.searchParams.get("SAMLRequest")).toBeTruthy();

    const { token, returnTo, authError } = outcomeOf(finish);
    expect(authError).toBeNull();
    expect(returnTo).toBe("/workspaces");
    const viewer = await gql(t, token, "{ viewer { email name } }");
    expect(viewer.data?.viewer).toEqual({ email: "ada@corp.test", name: "Ada Lovelace" });
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, "ada@corp.test"));
    expect(user?.identityProvider).toBe("saml");

    // A later sign-in reaches the same account.
    const again = outcomeOf((await signIn("ada")).finish);
    const sameViewer = await gql(t, again.token, "{ viewer { id } }");
    expect(sameViewer.data).toEqual((await gql(t, token, "{ viewer { id } }")).data);
  });

  it.each([
    ["an unsigned response", "unsigned"],
    ["a response signed with a certificate nobody configured", "wrong-cert"],
    ["an expired assertion", "expired"],
    ["an assertion for another service (audience)", "wrong-audience"],
  ] as const)("refuses %s and creates no account", async (_label, answer) => {
    const email = `refused-${answer}@corp.test`;
    idp.addUser(answer, { nameId: email, email });
    const { finish } = await signIn(answer, answer);
    expect(outcomeOf(finish)).toMatchObject({ token: null, authError: SIGNIN_FAILED });
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.email, email))).toEqual([]);
  });

  it("accepts an assertion once: the same response posted again is refused", async () => {
    idp.addUser("grace", { nameId: "grace@corp.test", email: "grace@corp.test" });
    const { posted, finish } = await signIn("grace");
    expect(outcomeOf(finish).token).toBeTruthy();
    const replayed = await postAnswer(posted);
    expect(outcomeOf(replayed)).toMatchObject({ token: null, authError: SIGNIN_FAILED });
  });

  it("signs in only once when the same response arrives twice at the same moment", async () => {
    idp.addUser("twice", { nameId: "twice@corp.test", email: "twice@corp.test" });
    const start = await t.app.inject({ method: "POST", url: "/gantry_users/auth/saml", headers: FORM, payload: "" });
    const sso = new URL(String(start.headers.location));
    sso.searchParams.set("login", "twice");
    const posted = (await (await fetch(sso)).json()) as { SAMLResponse: string; RelayState: string };
    const outcomes = (await Promise.all([postAnswer(posted), postAnswer(posted)])).map(outcomeOf);
    expect(outcomes.filter((outcome) => outcome.token !== null)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.authError === SIGNIN_FAILED)).toHaveLength(1);
  });

  it("does not take over an account made with a password (SPEC §8)", async () => {
    const owner = await signUpUser(t, "saml-owner");
    idp.addUser("owner", { nameId: owner.email, email: owner.email });
    const { finish } = await signIn("owner");
    expect(outcomeOf(finish)).toMatchObject({ token: null, authError: alreadySignedUpText("email") });
  });

  it("refuses a callback with no response at all", async () => {
    const empty = await t.app.inject({
      method: "POST",
      url: "/gantry_users/auth/saml/callback",
      headers: FORM,
      payload: "",
    });
    expect(outcomeOf(empty).authError).toBe(SIGNIN_FAILED);
  });
});
