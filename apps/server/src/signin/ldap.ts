import { SERVER_TEXT } from "@gantry/domain";
import { Client, escapeFilter, InvalidCredentialsError } from "ldapts";
import { AccountError } from "../accounts/errors.js";
import type { LdapConfig } from "./config.js";
import type { ProviderIdentity } from "./identities.js";

/** Longest user name accepted; directory names are short, and a cap keeps filters small. */
const MAX_USERNAME = 256;

const refused = () => new AccountError(401, SERVER_TEXT.invalidCredentials);

function first(value: string | string[] | Buffer | Buffer[] | undefined): string | null {
  const item = Array.isArray(value) ? value[0] : value;
  if (item === undefined) return null;
  const text = item.toString();
  return text === "" ? null : text;
}

/** Fills a configured filter's placeholder with the value escaped per RFC 4515, so `*`, `(`, `)` and `\` only match themselves. */
function filterWith(template: string, placeholder: string, value: string): string {
  return template.split(placeholder).join(escapeFilter`${value}`);
}

async function withClient<T>(config: LdapConfig, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ url: config.url, timeout: config.timeoutMs, connectTimeout: config.timeoutMs });
  try {
    return await run(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * Checks a user name and password against the directory: finds the person's entry with the
 * service account, binds as that entry with the password, then reads their groups. Every
 * failure a person could cause answers the same "invalid email or password." so the form does
 * not tell which names exist.
 */
export async function authenticateWithLdap(
  config: LdapConfig,
  username: string,
  password: string,
): Promise<ProviderIdentity> {
  const name = username.trim();
  // An empty password is an "unauthenticated bind" that many servers accept without checking anything.
  // Control characters (NUL above all) have no place in a name and can cut a filter short in some servers.
  if (name === "" || name.length > MAX_USERNAME || password === "" || /\p{Cc}/u.test(name)) throw refused();

  const entry = await withClient(config, async (client) => {
    if (config.bindDn) await client.bind(config.bindDn, config.bindPassword);
    const { searchEntries } = await client.search(config.userBase, {
      scope: "sub",
      filter: filterWith(config.userFilter, "{username}", name),
      attributes: ["mail", "cn", "displayName"],
      sizeLimit: 2,
    });
    return searchEntries.length === 1 ? searchEntries[0] : undefined;
  });
  if (!entry) throw refused();

  await withClient(config, async (client) => {
    try {
      await client.bind(entry.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) throw refused();
      throw error;
    }
  });

  const roles = config.groupBase ? await rolesOf(config, config.groupBase, entry.dn) : [];
  return {
    subject: entry.dn.toLowerCase(),
    email: first(entry.mail),
    // The directory is the organisation's own record of its people, so its addresses count as verified.
    emailVerified: true,
    name: first(entry.displayName) ?? first(entry.cn),
    roles,
  };
}

async function rolesOf(config: LdapConfig, groupBase: string, dn: string): Promise<string[]> {
  const groups = await withClient(config, async (client) => {
    if (config.bindDn) await client.bind(config.bindDn, config.bindPassword);
    const { searchEntries } = await client.search(groupBase, {
      scope: "sub",
      filter: filterWith(config.groupFilter, "{dn}", dn),
      attributes: ["cn"],
    });
    return searchEntries;
  });
  const roles = groups
    .map((group) => config.groupRoles.get((first(group.cn) ?? "").toLowerCase()))
    .filter((role): role is string => role !== undefined);
  return [...new Set(roles)].sort();
}
