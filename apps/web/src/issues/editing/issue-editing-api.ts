import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useGraphQL } from "../../api/use-graphql";
import { viewedIssueKey } from "../issue-api";
import type { IssueTarget } from "../issue-routes";

export interface IssueCommentView {
  id: string;
  body: string;
  author: { name: string; login: string | null; avatarUrl: string | null };
  createdAt: string;
  lastEditedAt: string | null;
  viewerCanEdit: boolean;
}

export interface TimelineItemView {
  id: string;
  field: string;
  from: string | null;
  to: string | null;
  source: "GANTRY" | "GITHUB";
  actor: string | null;
  createdAt: string;
}

/** The issue is named by how the viewer reached it, as the viewer read it (issue-api.ts). */
const BY_INFO = `issue: issueByInfo(repositoryId: $repositoryId, issueNumber: $issueNumber)`;

const COMMENTS = `query issueComments($repositoryId: ID!, $issueNumber: Int!) {
  ${BY_INFO} { comments(first: 100) { nodes { id body author { name login avatarUrl } createdAt lastEditedAt viewerCanEdit } } }
}`;
const TIMELINE = `query issueTimeline($repositoryId: ID!, $issueNumber: Int!) {
  ${BY_INFO} { timelineItems(first: 100) { nodes { id field from to source actor createdAt } } }
}`;

const UPDATE_ISSUE = `mutation updateIssue($input: UpdateIssueInput!) { updateIssue(input: $input) { issue { id } } }`;
const CLOSE = `mutation closeIssues($issueIds: [ID!]!) { closeIssues(input: { issueIds: $issueIds }) { githubErrors } }`;
const REOPEN = `mutation reopenIssues($issueIds: [ID!]!) { reopenIssues(input: { issueIds: $issueIds }) { githubErrors } }`;
const DELETE_ISSUE = `mutation deleteGantryIssue($issueId: ID!) { deleteGantryIssue(input: { issueId: $issueId }) { issueId } }`;
const CREATE_COMMENT = `mutation createComment($commentableId: ID!, $body: String!) {
  createComment(input: { commentableId: $commentableId, body: $body }) { comment { id } }
}`;
const UPDATE_COMMENT = `mutation updateComment($commentId: ID!, $body: String!) {
  updateComment(input: { commentId: $commentId, body: $body }) { comment { id } }
}`;
const DELETE_COMMENT = `mutation deleteComment($commentId: ID!) { deleteComment(input: { commentId: $commentId }) { deleted } }`;

export interface IssueRef {
  id: string;
  number: number;
  repository: { id: string };
}

const activityKey = (issue: IssueRef) => ["issue-activity", issue.id] as const;

/** The issue's comments and timeline, read together so the viewer can interleave them by time. */
export function useIssueActivity(issue: IssueRef) {
  const request = useGraphQL();
  const variables = { repositoryId: issue.repository.id, issueNumber: issue.number };
  const timeline = useQuery({
    queryKey: [...activityKey(issue), "timeline"],
    queryFn: async () =>
      (await request<{ issue: { timelineItems: { nodes: TimelineItemView[] } } }>(TIMELINE, variables)).issue
        .timelineItems.nodes,
  });
  const comments = useQuery({
    queryKey: [...activityKey(issue), "comments"],
    queryFn: async () =>
      (await request<{ issue: { comments: { nodes: IssueCommentView[] } } }>(COMMENTS, variables)).issue.comments.nodes,
  });
  return { timeline, comments };
}

type BulkAnswer = { githubErrors: Record<string, string> };

/** Throws the reason a bulk-shaped answer gives for the issue. */
function failed(answer: BulkAnswer) {
  const [reason] = Object.values(answer.githubErrors);
  if (reason !== undefined) throw new Error(reason);
}

/**
 * The viewer's edits to one issue. Each one reads the issue and its activity again afterwards,
 * so what is shown is what the server (and GitHub) now hold.
 */
export function useIssueEditing(issue: IssueRef, target: IssueTarget) {
  const request = useGraphQL();
  const client = useQueryClient();
  const refresh = useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: viewedIssueKey(target) }),
      client.invalidateQueries({ queryKey: activityKey(issue) }),
    ]);
  }, [client, target, issue]);
  const onSuccess = refresh;
  const issueId = issue.id;
  return {
    update: useMutation({
      mutationFn: (change: { title?: string; body?: string }) =>
        request(UPDATE_ISSUE, { input: { issueId, ...change } }),
      onSuccess,
    }),
    setState: useMutation({
      mutationFn: async (state: "OPEN" | "CLOSED") => {
        if (state === "CLOSED")
          failed((await request<{ closeIssues: BulkAnswer }>(CLOSE, { issueIds: [issueId] })).closeIssues);
        else failed((await request<{ reopenIssues: BulkAnswer }>(REOPEN, { issueIds: [issueId] })).reopenIssues);
      },
      onSuccess,
    }),
    remove: useMutation({ mutationFn: () => request(DELETE_ISSUE, { issueId }) }),
    comment: useMutation({
      mutationFn: (body: string) => request(CREATE_COMMENT, { commentableId: issueId, body }),
      onSuccess,
    }),
    editComment: useMutation({
      mutationFn: (edit: { commentId: string; body: string }) => request(UPDATE_COMMENT, edit),
      onSuccess,
    }),
    deleteComment: useMutation({
      mutationFn: (commentId: string) => request(DELETE_COMMENT, { commentId }),
      onSuccess,
    }),
  };
}
