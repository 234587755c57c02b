import { schema } from "@gantry/db";
import { asc, inArray, sql } from "drizzle-orm";
import type { GraphQLContext } from "../../graphql/context.js";
import { sharesOrganization } from "../../organizations/queries.js";

const { githubAccounts, users } = schema;

/**
 * The Gantry accounts that connected these GitHub logins, by login: only people in an organisation with the
 * viewer, as `GantryUser` shows people.
 */
export async function gantryAccountsOf(context: GraphQLContext, logins: readonly string[]) {
  const viewer = context.viewer;
  if (!viewer || logins.length === 0) return [];
  const rows = await context.db
    .select({ user: users })
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
  return rows.flatMap((row) => (visible.has(row.user.id) ? [row.user] : []));
}
