import { type Database, type Executor, schema } from "@gantry/db";
import {
  assigneeLoginsError,
  issueBodyError,
  issueTitleError,
  labelNamesError,
  nativeLabelName,
  rankBetween,
} from "@gantry/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { issuesInWorkspace, placeIssues, workspacePipeline } from "../board/moves.js";
import { lockPipelineOrder, neighbourRanks } from "../board/pipeline-order.js";
import { placeNewIssues } from "../board/placement.js";
import { gitHubError } from "../codehost/errors.js";
import { type GitHubIssueWire, upsertIssues } from "../codehost/issue-sync.js";
import { type CodeHostDeps, clientForUser } from "../codehost/repositories.js";
import type { BoardEventBus } from "../events/board-events.js";
import { GantryError } from "../graphql/errors.js";
import { repositoryWorkspacesAccess, requireWorkspace } from "../organizations/access.js";
import { nativeAssignees } from "./assignable-users.js";
import type { RepositoryRow } from "./gantry-repository.js";
import { nativeMilestoneRef } from "./native-milestones.js";

const { issuePositions, issues, pipelines, repositories, users } = schema;

export interface CreateIssueInput {
  repositoryId: string;
  title: string;
  body?: string | null;
  labels?: string[] | null;
  /** A native issue's label colours by lower-case name (the reference's label infos); GitHub keeps its own. */
  labelColors?: ReadonlyMap<string, string>;
  assignees?: string[] | null;
  milestone?: number | null;
  parentIssueId?: string | null;
  /** An issue type's name, one the repository's issues can take (checked by the caller). */
  issueType?: string | null;
  /** An open pipeline's database id; without it, the top of the workspace's first pipeline. */
  pipelineId?: string | null;
  clientMutationId?: string | null;
}

export interface CreateIssueDeps {
  db: Database;
  events: BoardEventBus;
  now: () => Date;
  /** Null when GitHub is not configured: native issues can still be created. */
  codeHost: CodeHostDeps | null;
}

type IssueRow = typeof issues.$inferSelect;

function validate(input: CreateIssueInput) {
  const checks: [string, string | null][] = [
    ["title", issueTitleError(input.title)],
    ["body", issueBodyError(input.body ?? "")],
    ["labels", labelNamesError(input.labels ?? [])],
    ["assignees", assigneeLoginsError(input.assignees ?? [])],
  ];
  for (const [field, message] of checks) if (message) throw new GantryError("BAD_USER_INPUT", message, { field });
}

/**
 * The workspace the new issue lands in, which the person must be able to write to: the
 * pipeline's, or for a GitHub repository without a pipeline, the first connected workspace
 * they can write to. Someone who cannot see the repository learns nothing about it.
 */
async function targetWorkspace(
  db: Database,
  userId: string,
  repository: RepositoryRow,
  pipelineId: string | null,
): Promise<string> {
  const workspaces = await repositoryWorkspacesAccess(db, repository.id, userId);
  const connected = workspaces.map((entry) => entry.workspaceId);
  const access = workspaces.map((entry) => entry.access);
  if (!access.some((entry) => entry?.permission)) throw new GantryError("NOT_FOUND", "This repository does not exist.");
  if (pipelineId) {
    const [pipeline] = await db.select().from(pipelines).where(eq(pipelines.id, pipelineId));
    if (!pipeline || !connected.includes(pipeline.workspaceId))
      throw new GantryError("NOT_FOUND", "This pipeline is not on a board showing this repository.", {
        field: "pipelineId",
      });
    await requireWorkspace(db, pipeline.workspaceId, userId, "editor");
    return pipeline.workspaceId;
  }
  if (repository.nativeWorkspaceId) {
    await requireWorkspace(db, repository.nativeWorkspaceId, userId, "editor");
    return repository.nativeWorkspaceId;
  }
  const writable = access.find((entry) => entry?.permission && entry.permission !== "viewer");
  if (!writable) throw new GantryError("FORBIDDEN", "You do not have permission to do this in this workspace.");
  return writable.workspace.id;
}

/** Puts the issue at the top of the pipeline (or the workspace's first), and on every other board showing its repository. */
async function place(
  tx: Executor,
  issue: IssueRow,
  workspaceId: string,
  pipelineId: string | null,
  now: Date,
): Promise<void> {
  const [first] = await tx
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(eq(pipelines.workspaceId, workspaceId))
    .orderBy(asc(sql`${pipelines.rank} collate "C"`))
    .limit(1);
  const target = pipelineId ? await workspacePipeline(tx, workspaceId, pipelineId) : first;
  if (target) {
    // The pipeline's order lock, as moves take it (the issue's row, then the pipeline's), so a
    // move to the top at the same time cannot read the same first rank and tie with this one.
    await lockPipelineOrder(tx, target.id, [issue.id]);
    const [, top] = await neighbourRanks(tx, target.id, [issue.id], 0);
    await placeIssues(tx, workspaceId, target.id, [{ issueId: issue.id, rank: rankBetween(null, top) }], now);
  }
  await placeNewIssues(tx, issue.repositoryId, now);
}

/** Tells every board the issue is now on where it landed. */
async function announce(deps: CreateIssueDeps, issue: IssueRow, userId: string, clientMutationId: string | null) {
  const places = await deps.db
    .select({ workspaceId: issuePositions.workspaceId, pipelineId: issuePositions.pipelineId })
    .from(issuePositions)
    .where(eq(issuePositions.issueId, issue.id));
  for (const { workspaceId, pipelineId } of places) {
    await deps.events.publish({
      kind: "ISSUES_MOVED",
      workspaceId,
      actorId: userId,
      clientMutationId,
      issueIds: [issue.id],
      fromPipelineId: null,
      toPipelineId: pipelineId,
    });
  }
}

async function createNative(
  deps: CreateIssueDeps,
  userId: string,
  repository: RepositoryRow,
  input: CreateIssueInput,
  labels: string[],
  assignees: string[],
) {
  const [user] = await deps.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  const people = await nativeAssignees(deps.db, repository.nativeWorkspaceId ?? "", assignees);
  const milestone = await nativeMilestoneRef(deps.db, repository.id, input.milestone ?? null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Locking the repository row numbers concurrent creations one after another.
    await tx.select({ id: repositories.id }).from(repositories).where(eq(repositories.id, repository.id)).for("update");
    const [last] = await tx
      .select({ number: sql<number>`coalesce(max(${issues.number}), 0)::int` })
      .from(issues)
      .where(eq(issues.repositoryId, repository.id));
    const [issue] = await tx
      .insert(issues)
      .values({
        repositoryId: repository.id,
        number: (last?.number ?? 0) + 1,
        title: input.title.trim(),
        body: input.body ?? null,
        state: "open",
        author: { login: user?.name || (user?.email.split("@")[0] ?? ""), avatarUrl: null },
        labels: [
          ...new Map(
            labels.map((label) => [
              nativeLabelName(label),
              { name: nativeLabelName(label), color: input.labelColors?.get(label.toLowerCase()) ?? "" },
            ]),
          ).values(),
        ],
        assignees: people,
        milestone,
        parentIssueId: input.parentIssueId ?? null,
        issueType: input.issueType ?? null,
        createdBy: userId,
        ghCreatedAt: now,
        ghUpdatedAt: now,
      })
      .returning();
    if (!issue) throw new Error("the new issue was not stored");
    await place(tx, issue, repository.nativeWorkspaceId ?? "", input.pipelineId ?? null, now);
    return issue;
  });
}

async function createOnGitHub(
  codeHost: CodeHostDeps,
  userId: string,
  repository: RepositoryRow,
  workspaceId: string,
  input: CreateIssueInput,
  labels: string[],
  assignees: string[],
) {
  const { client } = await clientForUser(codeHost, userId);
  let wire: GitHubIssueWire;
  try {
    ({ data: wire } = await client.rest.issues.create({
      owner: repository.ownerLogin,
      repo: repository.name,
      title: input.title.trim(),
      ...(input.body ? { body: input.body } : {}),
      labels,
      assignees,
      ...(input.milestone ? { milestone: input.milestone } : {}),
      ...(input.issueType ? { type: input.issueType } : {}),
    }));
  } catch (error) {
    throw gitHubError(error);
  }
  const now = codeHost.now();
  return codeHost.db.transaction(async (tx) => {
    await upsertIssues(tx, repository.id, [wire], false);
    const [issue] = await tx
      .update(issues)
      .set({ parentIssueId: input.parentIssueId ?? null, createdBy: userId })
      .where(and(eq(issues.repositoryId, repository.id), eq(issues.number, wire.number)))
      .returning();
    if (!issue) throw new Error("the issue GitHub created was not stored");
    await place(tx, issue, workspaceId, input.pipelineId ?? null, now);
    return issue;
  });
}

/**
 * createIssue: a native issue when the repository is a workspace's Gantry repository, else a
 * GitHub issue created on GitHub first (so nothing is stored if GitHub refuses). Either way it
 * lands at the top of its pipeline and the boards showing it hear of it.
 */
export async function createIssue(deps: CreateIssueDeps, userId: string, input: CreateIssueInput): Promise<IssueRow> {
  validate(input);
  const labels = [...new Set((input.labels ?? []).map((name) => name.trim()))];
  const assignees = [...new Set(input.assignees ?? [])];
  const [repository] = await deps.db.select().from(repositories).where(eq(repositories.id, input.repositoryId));
  if (!repository) throw new GantryError("NOT_FOUND", "This repository does not exist.");
  const workspaceId = await targetWorkspace(deps.db, userId, repository, input.pipelineId ?? null);
  if (input.parentIssueId) {
    const [parent] = await issuesInWorkspace(deps.db, workspaceId, [input.parentIssueId]);
    if (!parent)
      throw new GantryError("NOT_FOUND", "The parent issue is not on this workspace's board.", {
        field: "parentIssueId",
      });
  }
  let issue: IssueRow;
  if (repository.nativeWorkspaceId) {
    issue = await createNative(deps, userId, repository, input, labels, assignees);
  } else {
    if (!deps.codeHost)
      throw new GantryError("FORBIDDEN", "GitHub is not configured on this install.", { reason: "GITHUB_DISABLED" });
    issue = await createOnGitHub(deps.codeHost, userId, repository, workspaceId, input, labels, assignees);
  }
  await announce(deps, issue, userId, input.clientMutationId ?? null);
  return issue;
}
