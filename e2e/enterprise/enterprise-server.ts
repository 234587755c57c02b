/** What the enterprise specs' server is started with (see playwright.config.ts beside this file). */
export const ENTERPRISE_ADMIN_EMAIL = "e2e-seat-admin@acme.test";
/** A second instance admin, so the sign-in spec reads the admin page without sharing the seats spec's account. */
export const SIGNIN_ADMIN_EMAIL = "e2e-signin-admin@acme.test";
export const LICENSED_SEATS = 2;

const port = Number(process.env.E2E_PORT ?? 3199);
/**
 * The directory the server's LDAP sign-in asks, two ports above Gantry: the sign-in spec starts
 * slapd there (the server only connects when someone signs in).
 */
export const LDAP_PORT = port + 2;
/** The test SAML Identity Provider the sign-in spec starts, three ports above Gantry. */
export const SAML_IDP_PORT = port + 3;
