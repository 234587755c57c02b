import { describe, expect, it } from "vitest";
import { loadSigninConfig } from "./config.js";
import { enabledProviders } from "./routes.js";

const PUBLIC_URL = "https://gantry.acme.test";
const GOOGLE = { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" };
const LDAP = { LDAP_URL: "ldaps://ldap.acme.test", LDAP_USER_BASE: "ou=people,dc=acme,dc=test" };
const SAML = { SAML_ENTRY_POINT: "https://idp.acme.test/sso", SAML_IDP_CERT: "-----BEGIN CERTIFICATE-----" };

describe("sign-in provider settings", () => {
  it("offer GitHub alone by default, and only when GitHub is set up", () => {
    const signin = loadSigninConfig({}, "cloud", PUBLIC_URL);
    expect(enabledProviders({ signin, githubConfigured: true })).toEqual([
      { key: "github", name: "GitHub", kind: "redirect" },
    ]);
    expect(enabledProviders({ signin, githubConfigured: false })).toEqual([]);
  });

  it("let the cloud edition offer GitHub and Google, in the order listed", () => {
    const signin = loadSigninConfig({ SIGNIN_PROVIDERS: "google_oauth2, github", ...GOOGLE }, "cloud", PUBLIC_URL);
    expect(enabledProviders({ signin, githubConfigured: true }).map((provider) => provider.key)).toEqual([
      "google_oauth2",
      "github",
    ]);
  });

  it("refuse the enterprise-only providers in the cloud edition, naming the setting", () => {
    expect(() =>
      loadSigninConfig({ SIGNIN_PROVIDERS: "github,ldap,saml", ...LDAP, ...SAML }, "cloud", PUBLIC_URL),
    ).toThrow("SIGNIN_PROVIDERS lists ldap, which only the enterprise edition (GANTRY_EDITION=enterprise) offers");
  });

  it("list the enterprise edition's configured providers, LDAP as a form", () => {
    const signin = loadSigninConfig(
      {
        SIGNIN_PROVIDERS: "saml,ldap,azure_activedirectory_v2",
        ...LDAP,
        ...SAML,
        AZURE_ISSUER: "https://login.microsoftonline.com/tenant/v2.0",
        AZURE_CLIENT_ID: "id",
        AZURE_CLIENT_SECRET: "secret",
      },
      "enterprise",
      PUBLIC_URL,
    );
    expect(enabledProviders({ signin, githubConfigured: true })).toEqual([
      { key: "saml", name: "SAML", kind: "redirect" },
      { key: "ldap", name: "LDAP", kind: "form" },
      { key: "azure_activedirectory_v2", name: "Microsoft", kind: "redirect" },
    ]);
    // The SP entity id defaults to the metadata address.
    expect(signin.saml?.spEntityId).toBe(`${PUBLIC_URL}/gantry_users/auth/saml/metadata`);
  });

  it("stop at start when a listed provider lacks its settings", () => {
    expect(() => loadSigninConfig({ SIGNIN_PROVIDERS: "saml" }, "enterprise", PUBLIC_URL)).toThrow(
      "SAML_ENTRY_POINT must be set when SIGNIN_PROVIDERS lists saml",
    );
    expect(() => loadSigninConfig({ SIGNIN_PROVIDERS: "okta" }, "enterprise", PUBLIC_URL)).toThrow(
      "SIGNIN_PROVIDERS must be a comma-separated list",
    );
  });
});
