import { schema } from "@gantry/db";
import { asc, inArray, sql } from "drizzle-orm";
import type { GraphQLContext } from "../../graphql/context.js";
import { batched } from "../../issues/issue-loaders.js";
import { sharesOrganization } from "../../organizations/queries.js";

const { githubAccounts, users } = schema;

/** A Gantry account, as the people fields answer it. */
type Account = typeof users.$inferSelect;

/**
 * The Gantry accounts that connected these GitHub logins, by login: only people in an organisation with the
 * viewer, as `GantryUser` shows people.
 */
export async function gantryAccountsOf(context: GraphQLContext, logins: readonly string[]): Promise<Account[]> {
  const found = await gantryAccountsByLogin(context, logins);
  return [...found.values()];
}

/** The same, by lower-case login, for a batch of a request's logins. */
async function gantryAccountsByLogin(context: GraphQLContext, logins: readonly string[]) {
  const viewer = context.viewer;
  if (!viewer || logins.length === 0) return new Map<string, Account>();
  const rows = await context.db
    .select({ login: sql<string>`lower(${githubAccounts.login})`, user: users })
    .from(githubAccounts)
    .innerJoin(users, sql`${users.id} = ${githubAccounts.userId}`)
    .where(
      inArray(
        sql`lower(${githubAccounts.login})`,
        logins.map((login) => login.toLowerCase()),
      ),
    )
    .orderBy(asc(sql`lower(${githubAccounts.login})`));
  const visible = await sharesOrganization(
    context.db,
    viewer.id,
    rows.map((row) => row.user.id),
  );
  return new Map(rows.flatMap((row) => (visible.has(row.user.id) ? [[row.login, row.user] as const] : [])));
}

/** A login's Gantry account, loaded with every other login the request asks for in one query. */
export const gantryAccountOfLogin = batched(async (logins, context) => {
  const found = await gantryAccountsByLogin(context, logins);
  return logins.map((login) => found.get(login.toLowerCase()) ?? null);
});

/** Gantry accounts by id, only those in an organisation with the viewer; loaded a request's batch at a time. */
export const visibleGantryAccount = batched(async (ids, context) => {
  const viewer = context.viewer;
  if (!viewer) return ids.map(() => null);
  const visible = await sharesOrganization(context.db, viewer.id, ids);
  const shown = ids.filter((id) => visible.has(id));
  const rows = shown.length ? await context.db.select().from(users).where(inArray(users.id, shown)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
});
