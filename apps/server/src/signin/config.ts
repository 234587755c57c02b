import type { Edition } from "@gantry/domain";
import { z } from "zod";
import { ConfigError, commaList, parseEnvironment } from "../config/config.js";

/** The providers a full-page form can post to at /gantry_users/auth/{provider}, besides email. */
export const SIGNIN_PROVIDERS = ["github", "google_oauth2", "azure_activedirectory_v2", "ldap", "saml"] as const;
export type SigninProvider = (typeof SIGNIN_PROVIDERS)[number];

/** SPEC §6: the directory providers exist only in the enterprise edition. */
export const ENTERPRISE_ONLY_PROVIDERS: readonly SigninProvider[] = ["azure_activedirectory_v2", "ldap", "saml"];

export type OidcProvider = Extract<SigninProvider, "google_oauth2" | "azure_activedirectory_v2">;

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface LdapConfig {
  url: string;
  /** The service account that may search for people; empty for an anonymous search. */
  bindDn: string;
  bindPassword: string;
  userBase: string;
  /** `{username}` is replaced by the escaped name typed on the form. */
  userFilter: string;
  groupBase: string | null;
  /** `{dn}` is replaced by the escaped DN of the person. */
  groupFilter: string;
  /** Group cn → role (lower-cased cn). */
  groupRoles: ReadonlyMap<string, string>;
  timeoutMs: number;
}

export interface SamlConfig {
  entryPoint: string;
  idpCert: string;
  spEntityId: string;
  /** The Identity Provider's entity id, checked as the response's issuer. */
  idpIssuer: string | null;
  clockSkewMs: number;
}

export interface SigninConfig {
  /** In the order the login page shows them. */
  enabled: SigninProvider[];
  oidc: Partial<Record<OidcProvider, OidcConfig>>;
  ldap: LdapConfig | null;
  saml: SamlConfig | null;
}

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" });
const ldapUrl = z.string().refine((value) => /^ldaps?:\/\/.+/.test(value), "must be an ldap:// or ldaps:// URL");
const required = z.string().min(1, "must not be empty");

const environment = z.object({
  SIGNIN_PROVIDERS: commaList(
    z.enum(SIGNIN_PROVIDERS, { error: `must be a comma-separated list of ${SIGNIN_PROVIDERS.join(", ")}` }),
  ).default(["github"]),
  GOOGLE_ISSUER: httpUrl.default("https://accounts.google.com"),
  GOOGLE_CLIENT_ID: required.optional(),
  GOOGLE_CLIENT_SECRET: required.optional(),
  AZURE_ISSUER: httpUrl.optional(),
  AZURE_CLIENT_ID: required.optional(),
  AZURE_CLIENT_SECRET: required.optional(),
  LDAP_URL: ldapUrl.optional(),
  LDAP_BIND_DN: z.string().default(""),
  LDAP_BIND_PASSWORD: z.string().default(""),
  LDAP_USER_BASE: required.optional(),
  LDAP_USER_FILTER: z
    .string()
    .refine((value) => value.includes("{username}"), "must contain {username}")
    .default("(uid={username})"),
  LDAP_GROUP_BASE: required.optional(),
  LDAP_GROUP_FILTER: z
    .string()
    .refine((value) => value.includes("{dn}"), "must contain {dn}")
    .default("(member={dn})"),
  LDAP_GROUP_ROLES: z
    .string()
    .refine(
      (value) => value.split(",").every((pair) => /^[^:]+:[^:]+$/.test(pair.trim())),
      "must be a comma-separated list of group:role pairs such as admins:admin,developers:member",
    )
    .optional(),
  LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  SAML_ENTRY_POINT: httpUrl.optional(),
  SAML_IDP_CERT: required.optional(),
  SAML_IDP_ISSUER: required.optional(),
  SAML_SP_ENTITY_ID: required.optional(),
  SAML_CLOCK_SKEW_MS: z.coerce.number().int().min(0).max(300_000).default(60_000),
});

function groupRoles(value: string | undefined): Map<string, string> {
  const pairs = (value ?? "").split(",").filter((pair) => pair.trim() !== "");
  return new Map(
    pairs.map((pair) => {
      const [group = "", role = ""] = pair.split(":");
      return [group.trim().toLowerCase(), role.trim()];
    }),
  );
}

/**
 * Which sign-in providers this install offers, and each one's settings. A provider listed in
 * SIGNIN_PROVIDERS without its settings, or an enterprise-only provider in the cloud edition, stops
 * the server at start with the variable to fix, rather than showing a button that cannot work.
 */
export function loadSigninConfig(env: NodeJS.ProcessEnv, edition: Edition, publicUrl: string): SigninConfig {
  const e = parseEnvironment(environment, env);
  const enabled = [...new Set(e.SIGNIN_PROVIDERS)];
  const problems: string[] = [];
  const need = (provider: SigninProvider, names: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(names)) {
      if (value === undefined) problems.push(`${name} must be set when SIGNIN_PROVIDERS lists ${provider}`);
    }
  };
  for (const provider of enabled) {
    if (edition !== "enterprise" && ENTERPRISE_ONLY_PROVIDERS.includes(provider)) {
      problems.push(
        `SIGNIN_PROVIDERS lists ${provider}, which only the enterprise edition (GANTRY_EDITION=enterprise) offers`,
      );
    }
  }
  const config: SigninConfig = { enabled, oidc: {}, ldap: null, saml: null };

  if (enabled.includes("google_oauth2")) {
    need("google_oauth2", { GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET });
    config.oidc.google_oauth2 = {
      issuer: e.GOOGLE_ISSUER,
      clientId: e.GOOGLE_CLIENT_ID ?? "",
      clientSecret: e.GOOGLE_CLIENT_SECRET ?? "",
    };
  }
  if (enabled.includes("azure_activedirectory_v2")) {
    need("azure_activedirectory_v2", {
      AZURE_ISSUER: e.AZURE_ISSUER,
      AZURE_CLIENT_ID: e.AZURE_CLIENT_ID,
      AZURE_CLIENT_SECRET: e.AZURE_CLIENT_SECRET,
    });
    config.oidc.azure_activedirectory_v2 = {
      issuer: e.AZURE_ISSUER ?? "",
      clientId: e.AZURE_CLIENT_ID ?? "",
      clientSecret: e.AZURE_CLIENT_SECRET ?? "",
    };
  }
  if (enabled.includes("ldap")) {
    need("ldap", { LDAP_URL: e.LDAP_URL, LDAP_USER_BASE: e.LDAP_USER_BASE });
    config.ldap = {
      url: e.LDAP_URL ?? "",
      bindDn: e.LDAP_BIND_DN,
      bindPassword: e.LDAP_BIND_PASSWORD,
      userBase: e.LDAP_USER_BASE ?? "",
      userFilter: e.LDAP_USER_FILTER,
      groupBase: e.LDAP_GROUP_BASE ?? null,
      groupFilter: e.LDAP_GROUP_FILTER,
      groupRoles: groupRoles(e.LDAP_GROUP_ROLES),
      timeoutMs: e.LDAP_TIMEOUT_MS,
    };
  }
  if (enabled.includes("saml")) {
    need("saml", { SAML_ENTRY_POINT: e.SAML_ENTRY_POINT, SAML_IDP_CERT: e.SAML_IDP_CERT });
    config.saml = {
      entryPoint: e.SAML_ENTRY_POINT ?? "",
      idpCert: e.SAML_IDP_CERT ?? "",
      spEntityId: e.SAML_SP_ENTITY_ID ?? new URL("/gantry_users/auth/saml/metadata", publicUrl).toString(),
      idpIssuer: e.SAML_IDP_ISSUER ?? null,
      clockSkewMs: e.SAML_CLOCK_SKEW_MS,
    };
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Where the sign-in forms are sent on to, for the page's form-action policy. */
export function signinOrigins(config: SigninConfig): string[] {
  const urls = [
    ...Object.values(config.oidc).map((oidc) => oidc.issuer),
    ...(config.saml ? [config.saml.entryPoint] : []),
  ];
  return [...new Set(urls.map((url) => new URL(url).origin))];
}
