import { type Executor, schema } from "@gantry/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type ImportRun, skip } from "./context.js";

const { gantryLabels, githubAccounts, organizationMembers, users, workspaces } = schema;

export interface ZenhubLabelNode {
  name: string;
  color: string | null;
  description?: string | null;
}

export interface ZenhubUserNode {
  id: string;
  name: string | null;
  email: string | null;
  githubUser: { login: string } | null;
}

/**
 * The workspace's Gantry labels for these ZenHub labels, by name (case-insensitive), made when missing
 * (decision 0071): a label's name is what ZenHub and Gantry share, so a second import finds the first's.
 * A label that already exists keeps its colour and description.
 */
export async function gantryLabelsFor(
  tx: Executor,
  workspaceId: string,
  labels: ZenhubLabelNode[],
): Promise<Map<string, string>> {
  const byName = new Map(labels.map((label) => [label.name.trim().toLowerCase(), label]));
  byName.delete("");
  if (byName.size === 0) return new Map();
  await tx
    .insert(gantryLabels)
    .values(
      [...byName.values()].map((label) => ({
        workspaceId,
        name: label.name.trim(),
        color: label.color,
        description: label.description ?? null,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: gantryLabels.id, name: gantryLabels.name })
    .from(gantryLabels)
    .where(
      and(eq(gantryLabels.workspaceId, workspaceId), inArray(sql`lower(${gantryLabels.name})`, [...byName.keys()])),
    );
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

/**
 * The Gantry accounts of ZenHub users: members of the workspace's organisation with the same GitHub login or
 * email. Those without one are reported, not invented: an epic's assignee must be someone who can open it.
 */
export async function gantryUsersFor(
  tx: Executor,
  run: ImportRun,
  zenhubUsers: ZenhubUserNode[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (zenhubUsers.length === 0) return found;
  const members = await tx
    .select({ id: users.id, email: users.email, login: githubAccounts.login })
    .from(workspaces)
    .innerJoin(organizationMembers, eq(organizationMembers.organizationId, workspaces.organizationId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(githubAccounts, eq(githubAccounts.userId, users.id))
    .where(eq(workspaces.id, run.workspaceId));
  const byLogin = new Map(members.flatMap((member) => (member.login ? [[member.login.toLowerCase(), member.id]] : [])));
  const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member.id]));
  for (const user of zenhubUsers) {
    const id =
      (user.githubUser ? byLogin.get(user.githubUser.login.toLowerCase()) : undefined) ??
      (user.email ? byEmail.get(user.email.toLowerCase()) : undefined);
    if (id) found.set(user.id, id);
    else {
      skip(run, {
        kind: "assignee",
        name: user.name ?? user.email ?? user.githubUser?.login ?? "A ZenHub user",
        reason:
          "No one in this Gantry organisation has their GitHub login or email, so their epics were imported without them.",
      });
    }
  }
  return found;
}
