import { type Executor, schema } from "@gantry/db";
import { inArray } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";

const { githubAccounts } = schema;

/**
 * The reference's `zenhubAssigneeIds` as Gantry assigns people: an assignee is a GitHub login everywhere (decision
 * 0028), so each Gantry user must have connected GitHub. Whether they may be assigned in the workspace is checked
 * where the logins are (as for `assignees`).
 */
export async function assigneeLoginsOfUsers(db: Executor, gantryUserIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(gantryUserIds)];
  if (wanted.length === 0) return [];
  const accounts = await db
    .select({ userId: githubAccounts.userId, login: githubAccounts.login })
    .from(githubAccounts)
    .where(inArray(githubAccounts.userId, wanted));
  const loginOf = new Map(accounts.map((account) => [account.userId, account.login]));
  return wanted.map((userId) => {
    const login = loginOf.get(userId);
    if (!login)
      throw new GantryError(
        "BAD_USER_INPUT",
        "Someone in gantryAssigneeIds has not connected GitHub; issues are assigned to members who connected GitHub. Nothing was created.",
        { field: "gantryAssigneeIds" },
      );
    return login;
  });
}

const COLOR = /^[0-9a-f]{6}$/i;

/**
 * The reference's `zenhubLabelInfos`: labels by name, each with the colour a Gantry issue's label takes (GitHub
 * keeps its own labels' colours). A label without a name, or a colour that is not six hex digits, is refused.
 */
export function labelsOfInfos(infos: readonly { name?: string | null; color?: string | null }[]): {
  names: string[];
  colors: Map<string, string>;
} {
  const names: string[] = [];
  const colors = new Map<string, string>();
  for (const info of infos) {
    const name = info.name?.trim();
    if (!name) throw new GantryError("BAD_USER_INPUT", "Every label info needs a name.", { field: "gantryLabelInfos" });
    const color = info.color?.replace(/^#/, "");
    if (color !== undefined && !COLOR.test(color))
      throw new GantryError("BAD_USER_INPUT", `The colour of ${name} must be six hex digits, like "d73a4a".`, {
        field: "gantryLabelInfos",
      });
    names.push(name);
    if (color) colors.set(name.toLowerCase(), color.toLowerCase());
  }
  return { names, colors };
}
