/**
 * The `sub_issues` and `issue_dependencies` deliveries GitHub sends back for links Gantry itself
 * just wrote there (decision 0064). They describe a state Gantry has already stored, and one that
 * arrives after a later change (a parent set, then set again) would undo that change; so each is
 * expected here when Gantry writes and skipped, once, when it comes. GitHub sends two for each
 * change, one to each issue's repository (`sub_issue_added` to the parent's, `parent_issue_added`
 * to the child's; `blocked_by_added` to the blocked issue's, `blocking_added` to the blocking
 * one's). One that never comes (a repository without Gantry's webhook) is forgotten after a while.
 */
const FORGOTTEN_AFTER_MS = 5 * 60_000;

const expected = new Map<string, number>();

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

export function expectLinkEcho(echo: LinkEcho, now = Date.now()) {
  for (const [key, at] of expected) if (now - at > FORGOTTEN_AFTER_MS) expected.delete(key);
  for (const key of keysOf(echo)) expected.set(key, now);
}

/** A write GitHub refused, or a link it did not have, sends nothing back. */
export function forgetLinkEcho(echo: LinkEcho) {
  for (const key of keysOf(echo)) expected.delete(key);
}

/** Whether this delivery is the echo of Gantry's own write; it is then no longer expected. */
export function takeLinkEcho(
  delivery: { action: string; issueIds: [number, number]; repositoryId: number },
  now = Date.now(),
) {
  const key = keyOf(delivery.action, delivery.issueIds, delivery.repositoryId);
  const at = expected.get(key);
  if (at === undefined) return false;
  expected.delete(key);
  return now - at <= FORGOTTEN_AFTER_MS;
}
