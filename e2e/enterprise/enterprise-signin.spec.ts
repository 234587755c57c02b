import { expect, test } from "@playwright/test";
import { startSamlIdp } from "../../apps/server/src/signin/testing/saml-idp.js";
import { slapdInstalled, startSlapd } from "../../apps/server/src/signin/testing/slapd.js";
import { createAccount, signInAs } from "../support/gantry-api.js";
import { LDAP_PORT, SAML_IDP_PORT, SIGNIN_ADMIN_EMAIL } from "./enterprise-server.js";

const ADA = { uid: "e2e-ada", password: "Analytical-Engine-1843", mail: "e2e-ada@corp.test", cn: "Ada Lovelace" };

// One directory and one IdP on the ports the server was given, so this file's tests run one after another in one worker.
test.describe.configure({ mode: "serial" });

test.describe("enterprise sign-in providers", () => {
  let directory: Awaited<ReturnType<typeof startSlapd>> | null = null;
  let idp: Awaited<ReturnType<typeof startSamlIdp>>;
  test.beforeAll(async () => {
    if (slapdInstalled) directory = await startSlapd(LDAP_PORT, [ADA], [{ cn: "developers", members: [ADA.uid] }]);
    idp = await startSamlIdp({ port: SAML_IDP_PORT });
  });
  test.afterAll(async () => {
    await directory?.stop();
    await idp?.close();
  });

  test("the login page offers the configured providers as buttons and LDAP as a form", async ({ page }) => {
    await page.goto("/login");
    for (const [name, key] of [
      ["Continue with Google", "google_oauth2"],
      ["Continue with Microsoft", "azure_activedirectory_v2"],
      ["Continue with SAML", "saml"],
    ] as const) {
      const button = page.getByRole("button", { name });
      await expect(button).toBeVisible();
      await expect(page.locator(`form[method="post"][action="/gantry_users/auth/${key}"]`)).toContainText(name);
    }
    // GitHub is not set up on this server, so it is not offered.
    await expect(page.getByRole("button", { name: "Continue with GitHub" })).toHaveCount(0);
    const ldap = page.getByRole("form", { name: "Log in with LDAP" });
    await expect(ldap.getByLabel("LDAP username")).toBeVisible();
    await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeVisible();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`login-providers-${scheme}.png`), fullPage: true });
    }
  });

  test("a directory user signs in with the LDAP form; a wrong password is told apart", async ({ page }) => {
    test.skip(!slapdInstalled && process.env.CI !== "true", "slapd is not installed");
    await page.goto("/login");
    const ldap = page.getByRole("form", { name: "Log in with LDAP" });
    await ldap.getByLabel("LDAP username").fill(ADA.uid);
    await ldap.getByLabel("LDAP password").fill("not-her-password");
    await ldap.getByRole("button", { name: "Log in with LDAP" }).click();
    await expect(page).toHaveURL(/\/login\?authError=/);
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");

    await ldap.getByLabel("LDAP username").fill(ADA.uid);
    await ldap.getByLabel("LDAP password").fill(ADA.password);
    await ldap.getByRole("button", { name: "Log in with LDAP" }).click();
    await page.waitForURL((url) => url.pathname !== "/login" && url.pathname !== "/auth/complete");
    const token = await page.evaluate(() => localStorage.getItem("authV2_token"));
    const info = await page.request.get("/api/user-info", { headers: { authorization: `Bearer ${token}` } });
    expect((await info.json()) as unknown).toMatchObject({
      user: { zh: { email: ADA.mail, name: ADA.cn, identityProvider: "ldap" } },
    });
  });

  test("a SAML user signs in at the Identity Provider's page and comes back signed in", async ({ page, request }) => {
    idp.trust(await (await request.get("/gantry_users/auth/saml/metadata")).text());
    idp.addUser("grace", { nameId: "e2e-grace@corp.test", email: "e2e-grace@corp.test", displayName: "Grace Hopper" });
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with SAML" }).click();
    await page.getByLabel("IdP username").fill("grace");
    await page.getByRole("button", { name: "Sign in at the IdP" }).click();
    await page.waitForURL(
      (url) => url.port !== String(SAML_IDP_PORT) && !["/login", "/auth/complete"].includes(url.pathname),
    );
    const token = await page.evaluate(() => localStorage.getItem("authV2_token"));
    const info = await page.request.get("/api/user-info", { headers: { authorization: `Bearer ${token}` } });
    expect((await info.json()) as unknown).toMatchObject({
      user: { zh: { email: "e2e-grace@corp.test", name: "Grace Hopper", identityProvider: "saml" } },
    });
  });

  test("the admin page lists the providers read-only", async ({ page, request }) => {
    const admin = await createAccount(request, "signin-admin", SIGNIN_ADMIN_EMAIL);
    await signInAs(page, admin);
    await page.goto("/admin/seats");
    const providers = page.getByRole("region", { name: "Sign-in providers" });
    for (const name of ["Email and password", "Google", "Microsoft", "SAML", "LDAP"]) {
      await expect(providers.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(providers.getByRole("link", { name: "Service provider metadata" })).toHaveAttribute(
      "href",
      "/gantry_users/auth/saml/metadata",
    );
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await providers.screenshot({ path: test.info().outputPath(`admin-providers-${scheme}.png`) });
    }
  });
});
