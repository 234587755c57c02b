import { type Executor, schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { asc, eq, inArray } from "drizzle-orm";
import type { Mail, Mailer } from "../mail/mailer.js";
import { escapeHtml } from "../mail/outbox-route.js";

const { issues, users, workspaces } = schema;

/** What the inviteToEstimate message may hold: it is mailed, so a page of text at most. */
export const MAX_ESTIMATION_MESSAGE_LENGTH = 1000;

export interface EstimationMailDeps {
  mailer: Mailer;
  config: { publicUrl: string; productName: string };
}

/**
 * Tells each person newly asked to estimate (inviteToEstimate) which issues, in which workspace, with the
 * inviter's message when there is one: Gantry's counterpart of the reference's "sent to the invited users through
 * GH notifications" (decision 0098). Someone asked again for the same issues is not mailed again.
 */
export async function mailEstimationInvitations(
  db: Executor,
  deps: EstimationMailDeps,
  input: {
    workspaceId: string;
    inviterId: string;
    asked: { voterId: string; issueId: string }[];
    message: string | null;
  },
): Promise<void> {
  if (input.asked.length === 0) return;
  const voterIds = [...new Set(input.asked.map((row) => row.voterId))];
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, input.workspaceId));
  const [inviter] = await db.select().from(users).where(eq(users.id, input.inviterId));
  const voters = await db.select().from(users).where(inArray(users.id, voterIds));
  const asked = await db
    .select({ id: issues.id, number: issues.number, title: issues.title })
    .from(issues)
    .where(
      inArray(
        issues.id,
        input.asked.map((row) => row.issueId),
      ),
    )
    .orderBy(asc(issues.number));
  if (!workspace) return;
  const who = inviter ? inviter.name || inviter.email : "Someone";
  const link = new URL(
    `/workspaces/${encodeURIComponent(encodeGlobalID("Workspace", workspace.id))}`,
    deps.config.publicUrl,
  );
  for (const voter of voters) {
    const theirs = new Set(input.asked.filter((row) => row.voterId === voter.id).map((row) => row.issueId));
    const list = asked.filter((issue) => theirs.has(issue.id)).map((issue) => `#${issue.number} ${issue.title}`);
    await deps.mailer.send(
      estimationMail({ to: voter.email, who, workspace: workspace.name, list, message: input.message, link, deps }),
    );
  }
}

function estimationMail(mail: {
  to: string;
  who: string;
  workspace: string;
  list: string[];
  message: string | null;
  link: URL;
  deps: EstimationMailDeps;
}): Mail {
  const count = mail.list.length === 1 ? "an issue" : `${mail.list.length} issues`;
  const intro = `${mail.who} asks you to estimate ${count} in the ${mail.workspace} workspace on ${mail.deps.config.productName}.`;
  const said = mail.message ? [`${mail.who} wrote:`, mail.message] : [];
  const text = [intro, ...said, "", ...mail.list, "", `Open the workspace: ${mail.link}`, ""].join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    mail.message ? `<p>${escapeHtml(mail.who)} wrote:</p><blockquote>${escapeHtml(mail.message)}</blockquote>` : "",
    `<ul>${mail.list.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `<p><a href="${escapeHtml(mail.link.toString())}">Open the workspace</a></p>`,
  ].join("");
  return { to: mail.to, subject: `${mail.who} asks you to estimate ${count}`, text, html };
}
