/**
 * An issue transferred on GitHub to another repository. GitHub tells both sides: `issues.transferred`
 * to the old repository (with `changes.new_issue` and `new_repository`) and `issues.opened` to the
 * new one (with `changes.old_issue` and `old_repository`), in either order. When Gantry holds both
 * repositories the issue's row moves to the new one, keeping its estimate, epics, sprints and
 * places; when it holds only the old one, the card leaves the board as GitHub's issue left the
 * repository.
 *
 * The two deliveries are applied in two repositories' transactions, which may overlap: each takes
 * the transfer's lock first, so the second one sees what the first one did.
 */
import { type Executor, schema } from "@gantry/db";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { placeNewIssues } from "../board/placement.js";
import { deleteIssue, type GitHubIssueWire } from "./issue-sync.js";

const { issues, issuePositions, repositories, workspaceRepositories } = schema;

interface TransferSide {
  issue?: Pick<GitHubIssueWire, "id" | "number" | "html_url">;
  repository?: { id?: number };
}

/** The `changes` of a transfer, as each side's delivery carries them. */
export interface TransferChanges {
  new_issue?: TransferSide["issue"];
  new_repository?: TransferSide["repository"];
  old_issue?: TransferSide["issue"];
  old_repository?: TransferSide["repository"];
}

/** A delivery as far as a transfer concerns it. */
interface TransferDelivery {
  event: string;
  payload: { action?: string; repository?: { id?: number }; issue?: { number: number }; changes?: TransferChanges };
}

/** The old repository's GitHub id and the old number: both sides of one transfer name them alike. */
function transferKey({ event, payload }: TransferDelivery): string | null {
  if (event !== "issues") return null;
  const { action, repository, issue, changes } = payload;
  if (action === "transferred" && repository?.id !== undefined && issue) return `${repository.id}#${issue.number}`;
  const old = changes?.old_issue;
  if (changes?.old_repository?.id !== undefined && old) return `${changes.old_repository.id}#${old.number}`;
  return null;
}

/**
 * Takes the lock of every transfer among a batch's deliveries, in one order, before the batch
 * writes anything, so two batches holding halves of the same transfers never wait on each other
 * while holding other rows.
 */
export async function lockTransfers(tx: Executor, deliveries: TransferDelivery[]) {
  const keys = [...new Set(deliveries.map(transferKey).filter((key) => key !== null))].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gantry-transfer:${key}`}))`);
}

/** Issues whose boards must be told, by the repository whose boards show them. */
export type TouchedByRepository = Map<string, string[]>;

async function repositoryByGhId(tx: Executor, ghId: number | undefined) {
  if (typeof ghId !== "number") return null;
  const [row] = await tx.select({ id: repositories.id }).from(repositories).where(eq(repositories.ghId, ghId));
  return row ?? null;
}

/**
 * Moves the old repository's row of the issue to the new repository under its new number, and
 * its places to the boards that show the new repository. A row the new side's delivery already
 * made for it (the opened delivery came first) gives way to the one with Gantry's planning.
 */
async function moveRow(
  tx: Executor,
  from: { repositoryId: string; number: number },
  to: { repositoryId: string; issue: NonNullable<TransferSide["issue"]> },
  now: Date,
  touched: TouchedByRepository,
) {
  const [moving] = await tx
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.repositoryId, from.repositoryId), eq(issues.number, from.number)));
  if (!moving) return;
  const replaced = await deleteIssue(tx, to.repositoryId, to.issue.number);
  await tx
    .update(issues)
    .set({ repositoryId: to.repositoryId, number: to.issue.number, ghId: to.issue.id, htmlUrl: to.issue.html_url })
    .where(eq(issues.id, moving.id));
  const showing = tx
    .select({ workspaceId: workspaceRepositories.workspaceId })
    .from(workspaceRepositories)
    .where(eq(workspaceRepositories.repositoryId, to.repositoryId));
  await tx
    .delete(issuePositions)
    .where(and(eq(issuePositions.issueId, moving.id), notInArray(issuePositions.workspaceId, showing)));
  await placeNewIssues(tx, to.repositoryId, now);
  touched.set(from.repositoryId, [...(touched.get(from.repositoryId) ?? []), moving.id]);
  touched.set(to.repositoryId, [...(touched.get(to.repositoryId) ?? []), moving.id, ...replaced]);
}

/** `issues.transferred`, delivered to the old repository. */
export async function transferOut(
  tx: Executor,
  repositoryId: string,
  number: number,
  changes: TransferChanges | undefined,
  now: Date,
  touched: TouchedByRepository,
) {
  const target = await repositoryByGhId(tx, changes?.new_repository?.id);
  const newIssue = changes?.new_issue;
  if (target && newIssue && target.id !== repositoryId) {
    // Nothing to move when the new side's delivery moved it first.
    await moveRow(tx, { repositoryId, number }, { repositoryId: target.id, issue: newIssue }, now, touched);
    return;
  }
  const deleted = await deleteIssue(tx, repositoryId, number);
  touched.set(repositoryId, [...(touched.get(repositoryId) ?? []), ...deleted]);
}

/**
 * `issues.opened` of a transferred issue, delivered to the new repository: when the old
 * repository's row is still there, it moves here before the delivery's issue is written over it.
 */
export async function transferIn(
  tx: Executor,
  repositoryId: string,
  issue: NonNullable<TransferSide["issue"]>,
  changes: TransferChanges | undefined,
  now: Date,
  touched: TouchedByRepository,
) {
  const source = await repositoryByGhId(tx, changes?.old_repository?.id);
  const oldNumber = changes?.old_issue?.number;
  if (!source || typeof oldNumber !== "number" || source.id === repositoryId) return;
  await moveRow(tx, { repositoryId: source.id, number: oldNumber }, { repositoryId, issue }, now, touched);
}
