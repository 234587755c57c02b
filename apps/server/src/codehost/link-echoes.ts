/**
 * The `sub_issues` and `issue_dependencies` deliveries GitHub sends back for links Gantry itself
 * just wrote there (decision 0064). They describe a state Gantry has already stored, and one that
 * arrives after a later change (a parent set, then set again) would undo that change; so each is
 * expected here when Gantry writes and skipped, once, when it comes. GitHub sends two for each
 * change, one to each issue's repository (`sub_issue_added` to the parent's, `parent_issue_added`
 * to the child's; `blocked_by_added` to the blocked issue's, `blocking_added` to the blocking
 * one's). One that never comes (a repository without Gantry's webhook) is forgotten after a while.
 * Kept in the database (github_link_echoes), so every server process knows what any one wrote.
 */
import { type Executor, schema } from "@gantry/db";
import { and, eq, gt, inArray, lte } from "drizzle-orm";

const { githubLinkEchoes } = schema;

export const FORGOTTEN_AFTER_MS = 5 * 60_000;

export interface LinkEcho {
  kind: "sub_issue" | "dependency";
  added: boolean;
  /** GitHub's ids of the parent and the child issue, or of the blocked and the blocking one. */
  issueIds: [number, number];
  /** GitHub's ids of those two issues' repositories. */
  repositoryIds: [number, number];
}

const ACTIONS = { sub_issue: ["sub_issue", "parent_issue"], dependency: ["blocked_by", "blocking"] } as const;

const keyOf = (action: string, issueIds: [number, number], repositoryId: number) =>
  `${action}:${issueIds.join(":")}@${repositoryId}`;

function keysOf(echo: LinkEcho) {
  const verb = echo.added ? "added" : "removed";
  return ACTIONS[echo.kind].map((side, index) =>
    keyOf(`${side}_${verb}`, echo.issueIds, echo.repositoryIds[index] as number),
  );
}

/** Before Gantry writes a link to GitHub: its two deliveries are expected (again, if already). */
export async function expectLinkEcho(db: Executor, echo: LinkEcho, now = new Date()): Promise<void> {
  await db.delete(githubLinkEchoes).where(lte(githubLinkEchoes.expiresAt, now));
  const expiresAt = new Date(now.getTime() + FORGOTTEN_AFTER_MS);
  await db
    .insert(githubLinkEchoes)
    .values(keysOf(echo).map((key) => ({ key, expiresAt })))
    .onConflictDoUpdate({ target: githubLinkEchoes.key, set: { expiresAt } });
}

/** A write GitHub refused, or a link it did not have, sends nothing back. */
export async function forgetLinkEcho(db: Executor, echo: LinkEcho): Promise<void> {
  await db.delete(githubLinkEchoes).where(inArray(githubLinkEchoes.key, keysOf(echo)));
}

/**
 * Whether this delivery is the echo of Gantry's own write; it is then no longer expected. Taken by
 * one delete, so of two processes receiving the same delivery only one skips it.
 */
export async function takeLinkEcho(
  db: Executor,
  delivery: { action: string; issueIds: [number, number]; repositoryId: number },
  now = new Date(),
): Promise<boolean> {
  const taken = await db
    .delete(githubLinkEchoes)
    .where(
      and(
        eq(githubLinkEchoes.key, keyOf(delivery.action, delivery.issueIds, delivery.repositoryId)),
        gt(githubLinkEchoes.expiresAt, now),
      ),
    )
    .returning({ key: githubLinkEchoes.key });
  return taken.length > 0;
}
