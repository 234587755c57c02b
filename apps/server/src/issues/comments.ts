import { type Executor, schema } from "@gantry/db";
import { commentBodyError } from "@gantry/domain";
import { and, asc, eq } from "drizzle-orm";
import { type IssueWithRepository, type IssueWriteDeps, lazyClient } from "../board/issue-writes.js";
import { gitHubError } from "../codehost/errors.js";
import { boardsShowing, publishIssuesChanged } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { requireIssueWriter } from "./estimates.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const { githubAccounts, issueComments, issues, repositories, users } = schema;

export interface CommentAuthor {
  name: string;
  login: string | null;
  avatarUrl: string | null;
  /** GitHub's ids of the author's GitHub account, where known (the public API's author reads them). */
  ghId: number | null;
  ghNodeId: string | null;
}

/**
 * A comment as the viewer sees it. Native comments are Gantry's (`id` is the row's); a GitHub
 * issue's comments are GitHub's, read from there (`id` is "issueId:commentId"), decision 0015.
 */
export interface IssueComment {
  id: string;
  issueId: string;
  body: string;
  author: CommentAuthor;
  /** Gantry's user, for native comments: only they may edit or delete them. */
  authorId: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastEditedAt: Date | null;
  htmlUrl: string | null;
}

interface GitHubCommentWire {
  id: number;
  body?: string | null;
  user: { login: string; avatar_url?: string | null; id?: number; node_id?: string } | null;
  created_at: string;
  updated_at: string;
  html_url: string;
}

async function issueWithRepository(db: Executor, issueId: string): Promise<IssueWithRepository> {
  const [row] = await db
    .select({ issue: issues, repository: repositories })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(eq(issues.id, issueId));
  if (!row) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  return row;
}

function fromGitHub(issueId: string, wire: GitHubCommentWire): IssueComment {
  const login = wire.user?.login ?? "ghost";
  return {
    id: `${issueId}:${wire.id}`,
    issueId,
    body: wire.body ?? "",
    author: {
      name: login,
      login,
      avatarUrl: wire.user?.avatar_url ?? null,
      ghId: wire.user?.id ?? null,
      ghNodeId: wire.user?.node_id ?? null,
    },
    authorId: null,
    createdAt: new Date(wire.created_at),
    updatedAt: new Date(wire.updated_at),
    lastEditedAt: wire.updated_at === wire.created_at ? null : new Date(wire.updated_at),
    htmlUrl: wire.html_url,
  };
}

async function nativeComments(db: Executor, where: ReturnType<typeof eq>): Promise<IssueComment[]> {
  const rows = await db
    .select({ comment: issueComments, name: users.name, email: users.email, github: githubAccounts })
    .from(issueComments)
    .leftJoin(users, eq(users.id, issueComments.authorId))
    .leftJoin(githubAccounts, eq(githubAccounts.userId, issueComments.authorId))
    .where(where)
    .orderBy(asc(issueComments.createdAt), asc(issueComments.id));
  return rows.map(({ comment, name, email, github }) => ({
    id: comment.id,
    issueId: comment.issueId,
    body: comment.body,
    author: {
      name: name || github?.login || email?.split("@")[0] || "Deleted user",
      login: github?.login ?? null,
      avatarUrl: github?.avatarUrl ?? null,
      ghId: github?.ghId ?? null,
      ghNodeId: null,
    },
    authorId: comment.authorId,
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    lastEditedAt: comment.lastEditedAt,
    htmlUrl: null,
  }));
}

/** The issue's comments, oldest first: native ones from Gantry, a GitHub issue's from GitHub. */
export async function listComments(deps: IssueWriteDeps, viewerId: string, issueId: string): Promise<IssueComment[]> {
  const row = await issueWithRepository(deps.db, issueId);
  if (row.repository.ghId === null) return nativeComments(deps.db, eq(issueComments.issueId, issueId));
  const client = await lazyClient(deps, viewerId)();
  try {
    const wires = await client.paginate(client.rest.issues.listComments, {
      owner: row.repository.ownerLogin,
      repo: row.repository.name,
      issue_number: row.issue.number,
      per_page: 100,
    });
    return wires.map((wire) => fromGitHub(issueId, wire));
  } catch (error) {
    throw gitHubError(error);
  }
}

function validBody(body: string): string {
  const message = commentBodyError(body);
  if (message) throw new GantryError("BAD_USER_INPUT", message, { field: "body" });
  return body;
}

async function announce(deps: IssueWriteDeps, userId: string, issueId: string, clientMutationId: string | null) {
  await publishIssuesChanged(deps.events, await boardsShowing(deps.db, [issueId]), {
    actorId: userId,
    clientMutationId,
  });
}

/** createComment: anyone who may edit the issue may comment on it. */
export async function createComment(
  deps: IssueWriteDeps,
  userId: string,
  input: { issueId: string; body: string; clientMutationId?: string | null },
): Promise<IssueComment> {
  const body = validBody(input.body);
  await requireIssueWriter(deps.db, userId, input.issueId);
  const row = await issueWithRepository(deps.db, input.issueId);
  let comment: IssueComment;
  if (row.repository.ghId === null) {
    const now = deps.now();
    const [inserted] = await deps.db
      .insert(issueComments)
      .values({ issueId: input.issueId, authorId: userId, body, createdAt: now, updatedAt: now })
      .returning({ id: issueComments.id });
    const [created] = await nativeComments(deps.db, eq(issueComments.id, inserted?.id ?? ""));
    if (!created) throw new Error("the new comment was not stored");
    comment = created;
  } else {
    const client = await lazyClient(deps, userId)();
    try {
      const { data } = await client.rest.issues.createComment({
        owner: row.repository.ownerLogin,
        repo: row.repository.name,
        issue_number: row.issue.number,
        body,
      });
      comment = fromGitHub(input.issueId, data);
    } catch (error) {
      throw gitHubError(error);
    }
  }
  await announce(deps, userId, input.issueId, input.clientMutationId ?? null);
  return comment;
}

/**
 * The comment behind an id, for editing or deleting it: a native one only by its author, a
 * GitHub one as GitHub allows (GitHub checks who may).
 */
async function editableComment(deps: IssueWriteDeps, userId: string, commentId: string) {
  const [issueId, ghCommentId] = commentId.split(":");
  if (ghCommentId !== undefined) {
    if (!issueId || !UUID.test(issueId) || !/^\d+$/.test(ghCommentId))
      throw new GantryError("NOT_FOUND", "This comment does not exist.");
    await requireIssueWriter(deps.db, userId, issueId);
    const row = await issueWithRepository(deps.db, issueId);
    return { kind: "github" as const, row, ghCommentId: Number(ghCommentId), issueId };
  }
  const [comment] = UUID.test(commentId)
    ? await deps.db.select().from(issueComments).where(eq(issueComments.id, commentId))
    : [];
  if (!comment) throw new GantryError("NOT_FOUND", "This comment does not exist.");
  await requireIssueWriter(deps.db, userId, comment.issueId);
  if (comment.authorId !== userId)
    throw new GantryError("FORBIDDEN", "Only the comment's author can change or delete it.");
  return { kind: "native" as const, comment, issueId: comment.issueId };
}

/** updateComment: a new body for one's own comment. */
export async function updateComment(
  deps: IssueWriteDeps,
  userId: string,
  input: { commentId: string; body: string; clientMutationId?: string | null },
): Promise<IssueComment> {
  const body = validBody(input.body);
  const target = await editableComment(deps, userId, input.commentId);
  let comment: IssueComment | undefined;
  if (target.kind === "native") {
    const now = deps.now();
    await deps.db
      .update(issueComments)
      .set({ body, updatedAt: now, lastEditedAt: now })
      .where(and(eq(issueComments.id, target.comment.id), eq(issueComments.authorId, userId)));
    [comment] = await nativeComments(deps.db, eq(issueComments.id, target.comment.id));
  } else {
    const client = await lazyClient(deps, userId)();
    try {
      const { data } = await client.rest.issues.updateComment({
        owner: target.row.repository.ownerLogin,
        repo: target.row.repository.name,
        comment_id: target.ghCommentId,
        body,
      });
      comment = fromGitHub(target.issueId, data);
    } catch (error) {
      throw gitHubError(error);
    }
  }
  if (!comment) throw new GantryError("NOT_FOUND", "This comment does not exist.");
  await announce(deps, userId, target.issueId, input.clientMutationId ?? null);
  return comment;
}

/** deleteComment: removes one's own comment. */
export async function deleteComment(
  deps: IssueWriteDeps,
  userId: string,
  input: { commentId: string; clientMutationId?: string | null },
): Promise<void> {
  const target = await editableComment(deps, userId, input.commentId);
  if (target.kind === "native") {
    await deps.db.delete(issueComments).where(eq(issueComments.id, target.comment.id));
  } else {
    const client = await lazyClient(deps, userId)();
    try {
      await client.rest.issues.deleteComment({
        owner: target.row.repository.ownerLogin,
        repo: target.row.repository.name,
        comment_id: target.ghCommentId,
      });
    } catch (error) {
      throw gitHubError(error);
    }
  }
  await announce(deps, userId, target.issueId, input.clientMutationId ?? null);
}
