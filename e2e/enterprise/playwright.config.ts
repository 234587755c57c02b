import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { signLicence } from "../../apps/server/src/enterprise/licence.js";
import { IDP_CERT, IDP_ENTITY_ID } from "../../apps/server/src/signin/testing/saml-idp.js";
import {
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_GROUPS,
  LDAP_PEOPLE,
} from "../../apps/server/src/signin/testing/slapd.js";
import baseConfig from "../playwright.config.js";
import { gantryWebServer } from "../support/gantry-server.js";
import {
  ENTERPRISE_ADMIN_EMAIL,
  LDAP_PORT,
  LICENSED_SEATS,
  SAML_IDP_PORT,
  SIGNIN_ADMIN_EMAIL,
} from "./enterprise-server.js";

/**
 * The enterprise edition's specs: the same browser settings as the default config, against a
 * server started with GANTRY_EDITION=enterprise, a two-seat licence signed with the test-only
 * key, two instance admins, and every sign-in provider: Google and Microsoft Entra point at
 * addresses nothing answers (their buttons are what the specs look at), LDAP and SAML at the
 * slapd and test IdP the sign-in spec starts. The default config ignores this folder.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
const root = join(import.meta.dirname, "../..");
const fixtures = join(root, "apps/server/src/enterprise/fixtures");

const dataDir = mkdtempSync(join(tmpdir(), "gantry-e2e-enterprise-"));
const licenceFile = join(dataDir, "licence.json");
const now = Date.now();
writeFileSync(
  licenceFile,
  signLicence(
    {
      customer: "Acme E2E",
      seatLimit: LICENSED_SEATS,
      issuedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 30 * 24 * 60 * 60 * 1000).toISOString(),
    },
    readFileSync(join(fixtures, "test-only-licence-private-key.pem"), "utf8"),
  ),
);

export default defineConfig({
  ...baseConfig,
  testDir: import.meta.dirname,
  testIgnore: [],
  // The default config's projects leave this folder out and hold the journeys back; here every spec is the edition's.
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  use: { ...baseConfig.use, baseURL },
  reporter: [["list"], ["json", { outputFile: join(root, ".test-output/e2e-enterprise.json") }]],
  webServer: gantryWebServer(port, {
    GANTRY_DATA_DIR: dataDir,
    GANTRY_EDITION: "enterprise",
    GANTRY_INSTANCE_ADMINS: `${ENTERPRISE_ADMIN_EMAIL},${SIGNIN_ADMIN_EMAIL}`,
    SIGNIN_PROVIDERS: "google_oauth2,azure_activedirectory_v2,saml,ldap",
    GOOGLE_ISSUER: "http://127.0.0.1:9/google",
    GOOGLE_CLIENT_ID: "e2e",
    GOOGLE_CLIENT_SECRET: "e2e-secret",
    AZURE_ISSUER: "http://127.0.0.1:9/tenant/v2.0",
    AZURE_CLIENT_ID: "e2e",
    AZURE_CLIENT_SECRET: "e2e-secret",
    SAML_ENTRY_POINT: `http://127.0.0.1:${SAML_IDP_PORT}/sso`,
    SAML_IDP_CERT: IDP_CERT,
    SAML_IDP_ISSUER: IDP_ENTITY_ID,
    LDAP_URL: `ldap://127.0.0.1:${LDAP_PORT}`,
    LDAP_BIND_DN: LDAP_ADMIN_DN,
    LDAP_BIND_PASSWORD: LDAP_ADMIN_PASSWORD,
    LDAP_USER_BASE: LDAP_PEOPLE,
    LDAP_GROUP_BASE: LDAP_GROUPS,
    LDAP_GROUP_ROLES: "developers:member",
    LDAP_TIMEOUT_MS: "2000",
    GANTRY_LICENSE_FILE: licenceFile,
    GANTRY_LICENSE_PUBLIC_KEY: join(fixtures, "test-only-licence-public-key.pem"),
  }),
});
