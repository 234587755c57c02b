import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { alreadySignedUpText, SERVER_TEXT } from "@gantry/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { gql } from "../testing/factories.js";
import { freePort } from "../testing/hub.js";
import { FORM, outcomeOf } from "./testing/outcome.js";
import {
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_GROUPS,
  LDAP_PEOPLE,
  slapdInstalled,
  startSlapd,
} from "./testing/slapd.js";

const ADA = { uid: "ada", password: "Analytical-Engine-1843", mail: "ada@corp.test", cn: "Ada Lovelace" };
const BOB = { uid: "bob", password: "Difference-Engine-1822", mail: "bob@corp.test", cn: "Bob Babbage" };
const CAROL = { uid: "carol", password: "Carol-Secret-77", mail: "carol@corp.test", cn: "Carol Shaw" };

// CI installs slapd (.ci/run); elsewhere a machine without it skips these rather than fail.
describe.skipIf(!slapdInstalled && process.env.CI !== "true").each(testEngines())("LDAP sign-in on %s", (engine) => {
  let t: TestApp;
  let directory: Awaited<ReturnType<typeof startSlapd>>;

  beforeAll(async () => {
    directory = await startSlapd(
      await freePort(),
      [ADA, BOB, CAROL],
      [
        { cn: "Admins", members: ["ada"] },
        { cn: "developers", members: ["ada", "bob"] },
        { cn: "Visitors", members: ["bob"] },
      ],
    );
    t = await createTestApp(
      {
        REQUIRE_EMAIL_VERIFICATION: "false",
        AUTH_RATE_LIMIT_PER_MINUTE: "10000",
        GANTRY_EDITION: "enterprise",
        SIGNIN_PROVIDERS: "ldap",
        LDAP_URL: directory.url,
        LDAP_BIND_DN: LDAP_ADMIN_DN,
        LDAP_BIND_PASSWORD: LDAP_ADMIN_PASSWORD,
        LDAP_USER_BASE: LDAP_PEOPLE,
        LDAP_GROUP_BASE: LDAP_GROUPS,
        LDAP_GROUP_ROLES: "admins:admin,developers:member",
      },
      { engine },
    );
  });
  afterAll(async () => {
    await t?.close();
    await directory?.stop();
  });

  const signIn = async (username: string, password: string) =>
    outcomeOf(
      await t.app.inject({
        method: "POST",
        url: "/gantry_users/auth/ldap",
        headers: FORM,
        payload: new URLSearchParams({ username, password, return_to: "/workspaces" }).toString(),
      }),
    );
  const identityOf = async (uid: string) =>
    (
      await t.database.db
        .select()
        .from(schema.signinIdentities)
        .where(eq(schema.signinIdentities.subject, directory.dnOf(uid)))
    )[0];

  it("signs in with the directory password, creating the account, and maps the person's groups to roles", async () => {
    const { token, returnTo, authError } = await signIn("ada", ADA.password);
    expect(authError).toBeNull();
    expect(returnTo).toBe("/workspaces");
    const viewer = await gql(t, token, "{ viewer { id email name } }");
    expect(viewer.data?.viewer).toMatchObject({ email: ADA.mail, name: ADA.cn });
    const [user] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, ADA.mail));
    expect(user?.identityProvider).toBe("ldap");
    // "Admins" matches admins whatever its case; Visitors maps to nothing.
    expect((await identityOf("ada"))?.roles).toEqual(["admin", "member"]);

    // The same person again reaches the same account.
    const again = await signIn("ada", ADA.password);
    const sameViewer = await gql(t, again.token, "{ viewer { id email name } }");
    expect(sameViewer.data).toEqual(viewer.data);
  });

  it("maps only the groups the person is in", async () => {
    expect((await signIn("bob", BOB.password)).token).toBeTruthy();
    expect((await identityOf("bob"))?.roles).toEqual(["member"]);
  });

  it.each([
    ["a wrong password", "ada", "not-her-password"],
    ["an unknown user", "nobody", ADA.password],
    ["an empty password (an unauthenticated bind)", "ada", ""],
    ["a wildcard in the name", "a*", ADA.password],
    ["a filter injection in the name", "ada)(|(uid=*", ADA.password],
    ["a name that matches everyone", "*", BOB.password],
    ["a NUL in the name", "ada\u0000", ADA.password],
  ])("refuses %s with the login form's message", async (_label, username, password) => {
    expect(await signIn(username, password)).toMatchObject({
      token: null,
      authError: SERVER_TEXT.invalidCredentials,
    });
  });

  it("does not take over an account made with a password (SPEC §8)", async () => {
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: CAROL.mail, password: "Correct-horse-9" },
    });
    expect(signup.statusCode).toBeLessThan(300);
    expect(await signIn("carol", CAROL.password)).toMatchObject({
      token: null,
      authError: alreadySignedUpText("email"),
    });
    expect(await identityOf("carol")).toBeUndefined();
  });
});
