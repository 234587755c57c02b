import { type Database, type Executor, schema } from "@gantry/db";
import { DEFAULT_ESTIMATE_SET, estimateError, estimateSetWith, estimateSetWithout } from "@gantry/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { BoardEventBus } from "../events/board-events.js";
import { GantryError } from "../graphql/errors.js";
import { permissionAtLeast, requireWorkspace, workspaceAccess } from "../organizations/access.js";
import {
  type EstimationMailDeps,
  MAX_ESTIMATION_MESSAGE_LENGTH,
  mailEstimationInvitations,
} from "./estimation-mail.js";

const { estimationVotes, issuePositions, workspaceEstimateSets } = schema;

type EstimationDeps = { db: Database; events: BoardEventBus; now: () => Date };
export type EstimationVoteRow = typeof estimationVotes.$inferSelect;

/** Who may be asked to vote, and on how much, in one request. */
export const MAX_ESTIMATION_VOTERS = 50;
export const MAX_ESTIMATION_ISSUES = 100;
const NO_SUCH_VOTE = "This estimation vote does not exist.";

/** The workspace's point scale, or the default one until an admin changes it. */
export async function workspaceEstimateSet(db: Executor, workspaceId: string): Promise<number[]> {
  const [row] = await db
    .select({ values: workspaceEstimateSets.values })
    .from(workspaceEstimateSets)
    .where(eq(workspaceEstimateSets.workspaceId, workspaceId));
  return row ? row.values : [...DEFAULT_ESTIMATE_SET];
}

/**
 * Adds a value to (or removes one from) the scale, for admins. The scale is what the estimate
 * menus offer; setEstimate still takes any valid estimate, so old estimates off the scale stay.
 */
export async function changeEstimateSet(
  deps: EstimationDeps,
  userId: string,
  input: { workspaceId: string; value: number; change: "add" | "remove" },
): Promise<number[]> {
  await requireWorkspace(deps.db, input.workspaceId, userId, "admin");
  return deps.db.transaction(async (tx) => {
    const current = await workspaceEstimateSet(tx, input.workspaceId);
    let values: number[];
    if (input.change === "add") {
      const added = estimateSetWith(current, input.value);
      if (added.error) throw new GantryError("BAD_USER_INPUT", added.error, { field: "value" });
      values = added.values;
    } else {
      values = estimateSetWithout(current, input.value);
      if (values.length === 0)
        throw new GantryError("BAD_USER_INPUT", "A scale keeps at least one value.", { field: "value" });
    }
    await tx
      .insert(workspaceEstimateSets)
      .values({ workspaceId: input.workspaceId, values, updatedAt: deps.now() })
      .onConflictDoUpdate({ target: workspaceEstimateSets.workspaceId, set: { values, updatedAt: deps.now() } });
    return values;
  });
}

async function announce(deps: EstimationDeps, userId: string, workspaceId: string, issueIds: string[]) {
  await deps.events.publish({
    kind: "ISSUES_CHANGED",
    workspaceId,
    actorId: userId,
    clientMutationId: null,
    issueIds: [...new Set(issueIds)],
  });
}

/**
 * inviteToEstimate: asks members to vote the estimate of issues on the workspace's board. An
 * editor asks; every voter must be able to open the workspace; asking again changes nothing. Each person newly
 * asked is mailed, with the inviter's message (kept on the vote) when given.
 */
export async function inviteToEstimate(
  deps: EstimationDeps,
  userId: string,
  input: { workspaceId: string; issueIds: string[]; voterIds: string[]; message?: string | null },
  mail: EstimationMailDeps,
): Promise<EstimationVoteRow[]> {
  await requireWorkspace(deps.db, input.workspaceId, userId, "editor");
  const message = input.message?.trim() || null;
  if (message && [...message].length > MAX_ESTIMATION_MESSAGE_LENGTH)
    throw new GantryError(
      "BAD_USER_INPUT",
      `The message to the people asked to estimate is at most ${MAX_ESTIMATION_MESSAGE_LENGTH} characters.`,
      { field: "message" },
    );
  const issueIds = [...new Set(input.issueIds)];
  const voterIds = [...new Set(input.voterIds)];
  if (issueIds.length === 0 || issueIds.length > MAX_ESTIMATION_ISSUES)
    throw new GantryError("BAD_USER_INPUT", `Choose 1 to ${MAX_ESTIMATION_ISSUES} issues.`, { field: "issueIds" });
  if (voterIds.length === 0 || voterIds.length > MAX_ESTIMATION_VOTERS)
    throw new GantryError("BAD_USER_INPUT", `Choose 1 to ${MAX_ESTIMATION_VOTERS} people.`, {
      field: "gantryUserIds",
    });
  const onBoard = await deps.db
    .select({ issueId: issuePositions.issueId })
    .from(issuePositions)
    .where(and(eq(issuePositions.workspaceId, input.workspaceId), inArray(issuePositions.issueId, issueIds)));
  if (onBoard.length !== issueIds.length)
    throw new GantryError("BAD_USER_INPUT", "Some of these issues are not on this workspace's board.", {
      field: "issueIds",
    });
  for (const voterId of voterIds) {
    const access = await workspaceAccess(deps.db, input.workspaceId, voterId);
    if (!permissionAtLeast(access?.permission ?? null, "viewer"))
      throw new GantryError("BAD_USER_INPUT", "Only people who can open this workspace can be asked to estimate.", {
        field: "gantryUserIds",
      });
  }
  const asked = await deps.db
    .insert(estimationVotes)
    .values(
      issueIds.flatMap((issueId) =>
        voterIds.map((voterId) => ({ workspaceId: input.workspaceId, issueId, voterId, inviterId: userId, message })),
      ),
    )
    .onConflictDoNothing()
    .returning({ voterId: estimationVotes.voterId, issueId: estimationVotes.issueId });
  await mailEstimationInvitations(deps.db, mail, { workspaceId: input.workspaceId, inviterId: userId, asked, message });
  const votes = await deps.db
    .select()
    .from(estimationVotes)
    .where(
      and(
        eq(estimationVotes.workspaceId, input.workspaceId),
        inArray(estimationVotes.issueId, issueIds),
        inArray(estimationVotes.voterId, voterIds),
      ),
    )
    .orderBy(asc(estimationVotes.createdAt), asc(estimationVotes.id));
  await announce(deps, userId, input.workspaceId, issueIds);
  return votes;
}

async function requireVote(db: Executor, voteId: string) {
  const [vote] = await db.select().from(estimationVotes).where(eq(estimationVotes.id, voteId));
  if (!vote) throw new GantryError("NOT_FOUND", NO_SUCH_VOTE);
  return vote;
}

/** setEstimationVote: only the voter casts (or with null, takes back) their own vote. */
export async function setEstimationVote(
  deps: EstimationDeps,
  userId: string,
  input: { estimationVoteId: string; value: number | null },
): Promise<EstimationVoteRow> {
  if (input.value !== null) {
    const message = estimateError(input.value);
    if (message) throw new GantryError("BAD_USER_INPUT", message, { field: "value" });
  }
  const vote = await requireVote(deps.db, input.estimationVoteId);
  if (vote.voterId !== userId) throw new GantryError("NOT_FOUND", NO_SUCH_VOTE);
  await requireWorkspace(deps.db, vote.workspaceId, userId, "viewer");
  const [updated] = await deps.db
    .update(estimationVotes)
    .set({ value: input.value, updatedAt: deps.now() })
    .where(eq(estimationVotes.id, vote.id))
    .returning();
  if (!updated) throw new GantryError("NOT_FOUND", NO_SUCH_VOTE);
  await announce(deps, userId, vote.workspaceId, [vote.issueId]);
  return updated;
}

/** removeEstimationVote: the voter leaves the vote, or an editor of the workspace takes them off it. */
export async function removeEstimationVote(
  deps: EstimationDeps,
  userId: string,
  input: { estimationVoteId: string },
): Promise<EstimationVoteRow> {
  const vote = await requireVote(deps.db, input.estimationVoteId);
  const access = await workspaceAccess(deps.db, vote.workspaceId, userId);
  if (!access?.permission) throw new GantryError("NOT_FOUND", NO_SUCH_VOTE);
  if (vote.voterId !== userId) await requireWorkspace(deps.db, vote.workspaceId, userId, "editor");
  await deps.db.delete(estimationVotes).where(eq(estimationVotes.id, vote.id));
  await announce(deps, userId, vote.workspaceId, [vote.issueId]);
  return vote;
}

/** Issues' votes in the given workspaces, oldest first. */
export async function estimationVotesOf(
  db: Executor,
  issueIds: string[],
  workspaceIds: string[],
): Promise<EstimationVoteRow[]> {
  if (issueIds.length === 0 || workspaceIds.length === 0) return [];
  return db
    .select()
    .from(estimationVotes)
    .where(and(inArray(estimationVotes.issueId, issueIds), inArray(estimationVotes.workspaceId, workspaceIds)))
    .orderBy(asc(estimationVotes.createdAt), asc(estimationVotes.id));
}
