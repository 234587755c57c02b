/**
 * A reconciliation conflict Gantry won, kept on the timeline (decision 0064): when GitHub has a
 * link Gantry changed later, Gantry's link stays, and GitHub's differing change is written to the
 * issue's activity at GitHub's time, from GitHub, so the person sees both changes and which came
 * last. Reconciliation reads the same issues again and again, so GitHub's side is written once:
 * not when GitHub's latest change of that link on the timeline already says the same.
 */
import { type Executor, schema } from "@gantry/db";
import { and, desc, eq, isNull, like, or } from "drizzle-orm";
import { type IssueEventInput, recordIssueEvents } from "../issues/activity.js";

const { issueEvents } = schema;

/** The start of an issue's label (`#12 Title`), which stays when the title changes. */
export const labelPrefix = (label: string) => `${label.split(" ")[0]} `;

/** Whether the timeline's latest GitHub change of this member of this field already says `event`. */
async function alreadyShown(executor: Executor, event: IssueEventInput, member: string): Promise<boolean> {
  const prefix = `${labelPrefix(member)}%`;
  const [latest] = await executor
    .select({ from: issueEvents.fromValue, to: issueEvents.toValue })
    .from(issueEvents)
    .where(
      and(
        eq(issueEvents.issueId, event.issueId),
        eq(issueEvents.field, event.field),
        eq(issueEvents.source, "github"),
        event.workspaceId ? eq(issueEvents.workspaceId, event.workspaceId) : isNull(issueEvents.workspaceId),
        or(like(issueEvents.fromValue, prefix), like(issueEvents.toValue, prefix)),
      ),
    )
    .orderBy(desc(issueEvents.createdAt))
    .limit(1);
  if (!latest) return false;
  const saysPresent = (value: string | null) => value?.startsWith(labelPrefix(member)) ?? false;
  return saysPresent(latest.to) === saysPresent(event.to);
}

/**
 * Writes GitHub's losing changes (each naming one linked issue, in `to` when GitHub has the link,
 * in `from` when it has not) at GitHub's time, each unless already shown.
 */
export async function recordGitHubsLosingSide(
  executor: Executor,
  events: IssueEventInput[],
  githubChangedAt: Date,
): Promise<void> {
  for (const event of events) {
    const member = event.to ?? event.from;
    if (!member || (await alreadyShown(executor, event, member))) continue;
    await recordIssueEvents(executor, [{ ...event, source: "github", actorId: null }], githubChangedAt);
  }
}
