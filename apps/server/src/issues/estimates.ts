import { type Database, schema } from "@gantry/db";
import { estimateError } from "@gantry/domain";
import { eq } from "drizzle-orm";
import type { BoardEventBus } from "../events/board-events.js";
import { GantryError } from "../graphql/errors.js";
import { permissionAtLeast, repositoryWorkspacesAccess } from "../organizations/access.js";
import { recordIssueEvents } from "./activity.js";

const { issues } = schema;

/** An estimate as the timeline writes it. */
export const estimateText = (value: number | null | undefined) => (value == null ? null : String(value));

/**
 * The workspaces showing an issue, for someone who must be able to write to one of them.
 * Someone who cannot see the issue at all is told it does not exist.
 */
export async function requireIssueWriter(db: Database, userId: string, issueId: string) {
  const [issue] = await db.select({ repositoryId: issues.repositoryId }).from(issues).where(eq(issues.id, issueId));
  const workspaces = issue ? await repositoryWorkspacesAccess(db, issue.repositoryId, userId) : [];
  if (!workspaces.some(({ access }) => access?.permission))
    throw new GantryError("NOT_FOUND", "This issue does not exist.");
  if (!workspaces.some(({ access }) => permissionAtLeast(access?.permission ?? null, "editor")))
    throw new GantryError("FORBIDDEN", "You do not have permission to do this in this workspace.");
  return workspaces.map(({ workspaceId }) => workspaceId);
}

/** setEstimate: the issue's story points (null clears them), shown on every board holding it. */
export async function setEstimate(
  deps: { db: Database; events: BoardEventBus; now: () => Date },
  userId: string,
  input: { issueId: string; value: number | null; clientMutationId?: string | null },
) {
  if (input.value !== null) {
    const message = estimateError(input.value);
    if (message) throw new GantryError("BAD_USER_INPUT", message, { field: "value" });
  }
  const workspaceIds = await requireIssueWriter(deps.db, userId, input.issueId);
  const issue = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ estimate: issues.estimate }).from(issues).where(eq(issues.id, input.issueId));
    const [after] = await tx
      .update(issues)
      .set({ estimate: input.value, updatedAt: deps.now() })
      .where(eq(issues.id, input.issueId))
      .returning();
    if (!after) throw new GantryError("NOT_FOUND", "This issue does not exist.");
    await recordIssueEvents(
      tx,
      [
        {
          issueId: after.id,
          field: "estimate",
          from: estimateText(before?.estimate),
          to: estimateText(after.estimate),
          actorId: userId,
        },
      ],
      after.updatedAt,
    );
    return after;
  });
  for (const workspaceId of workspaceIds) {
    await deps.events.publish({
      kind: "ISSUES_CHANGED",
      workspaceId,
      actorId: userId,
      clientMutationId: input.clientMutationId ?? null,
      issueIds: [issue.id],
    });
  }
  return issue;
}
