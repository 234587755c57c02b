import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useGraphQL } from "../api/use-graphql";

/**
 * Typed calls for a workspace's issue fields — priorities, releases, the estimate scale and
 * estimation votes — for the workspace settings and the issue viewer's sidebar. Ids are global
 * ids; refusals reject with the server's message. Every write reads the changed list again.
 */

export interface Priority {
  id: string;
  name: string;
  color: string;
}

export type ReleaseState = "OPEN" | "CLOSED";

export interface Release {
  id: string;
  title: string;
  description: string | null;
  /** YYYY-MM-DD, or null when not planned. */
  startOn: string | null;
  endOn: string | null;
  state: ReleaseState;
}

export interface EstimationVote {
  id: string;
  value: number | null;
  voter: { id: string; name: string | null; email: string | null };
}

/** The reference's IssueInfoInput: an issue by its repository's Gantry id and its number. */
export interface IssueInfo {
  repositoryId: string;
  issueNumber: number;
}

export interface ReleaseInput {
  title: string;
  description: string;
  startOn: string | null;
  endOn: string | null;
}

export const workspaceFieldsKey = (workspaceId: string, field: "priorities" | "releases" | "estimateSet") =>
  ["workspace-fields", workspaceId, field] as const;

const RELEASE = "id title description startOn endOn state";
const PRIORITIES = `query workspacePriorities($id: ID!) { workspace(id: $id) { prioritiesConnection { nodes { id name color } } } }`;
const RELEASES = `query workspaceReleases($id: ID!) { workspace(id: $id) { releases { nodes { ${RELEASE} } } } }`;
const ESTIMATE_SET = `query workspaceEstimateSet($id: ID!) { workspace(id: $id) { estimateSet { values } } }`;
/** An estimation vote as the sidebar reads it; issue-api.ts reads them with the issue. */
export const ESTIMATION_VOTE_FIELDS = "id value voter { id name email }";
const VOTES = `query issueEstimationVotes($repositoryId: ID!, $issueNumber: Int!, $workspaceId: ID!) {
  issueByInfo(repositoryId: $repositoryId, issueNumber: $issueNumber) {
    estimationVotes(workspaceId: $workspaceId) { nodes { ${ESTIMATION_VOTE_FIELDS} } }
  }
}`;

/** The workspace's priorities, highest (rank 1) first. */
export function useWorkspacePriorities(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: workspaceFieldsKey(workspaceId, "priorities"),
    queryFn: async () =>
      (await request<{ workspace: { prioritiesConnection: { nodes: Priority[] } } }>(PRIORITIES, { id: workspaceId }))
        .workspace.prioritiesConnection.nodes,
  });
}

/** The workspace's releases, open ones first. */
export function useWorkspaceReleases(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: workspaceFieldsKey(workspaceId, "releases"),
    queryFn: async () =>
      (await request<{ workspace: { releases: { nodes: Release[] } } }>(RELEASES, { id: workspaceId })).workspace
        .releases.nodes,
  });
}

type Request = ReturnType<typeof useGraphQL>;

/** The point values estimate menus offer (the default scale until an admin changes it). */
export const estimateSetQuery = (request: Request, workspaceId: string) =>
  queryOptions({
    queryKey: workspaceFieldsKey(workspaceId, "estimateSet"),
    queryFn: async () =>
      (await request<{ workspace: { estimateSet: { values: number[] } } }>(ESTIMATE_SET, { id: workspaceId })).workspace
        .estimateSet.values,
  });

export function useEstimateSet(workspaceId: string) {
  return useQuery(estimateSetQuery(useGraphQL(), workspaceId));
}

export const estimationVotesKey = (workspaceId: string, issue: IssueInfo) =>
  ["estimation-votes", workspaceId, issue.repositoryId, issue.issueNumber] as const;

/** Who has been asked to vote the issue's estimate on this workspace, and their votes. */
export function useEstimationVotes(issue: IssueInfo, workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: estimationVotesKey(workspaceId, issue),
    queryFn: async () =>
      (
        await request<{ issueByInfo: { estimationVotes: { nodes: EstimationVote[] } } }>(VOTES, {
          ...issue,
          workspaceId,
        })
      ).issueByInfo.estimationVotes.nodes,
  });
}

const mutation = (name: string, output: string) =>
  `mutation ${name}($input: ${name[0]?.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { ${output} } }`;

const CREATE_PRIORITY = mutation("createPriority", "priority { id name color }");
const UPDATE_PRIORITY = mutation("updatePriority", "priority { id name color }");
const DELETE_PRIORITY = mutation("deletePriority", "priority { id }");
const SET_PRIORITIES = mutation("setIssueInfoPriorities", "pipelineIssues { priority { id } }");
const REMOVE_PRIORITIES = mutation("removeIssueInfoPriorities", "pipelineIssues { priority { id } }");
const CREATE_RELEASE = mutation("createRelease", `release { ${RELEASE} }`);
const UPDATE_RELEASE = mutation("updateRelease", `release { ${RELEASE} }`);
const DELETE_RELEASE = mutation("deleteRelease", "release { id }");
const ADD_TO_RELEASES = mutation("addIssuesToReleases", "successCount failedIssues { id } githubErrors");
const REMOVE_FROM_RELEASES = mutation("removeIssuesFromReleases", "successCount failedIssues { id } githubErrors");
const ADD_SCALE_VALUE = mutation("addEstimateSetValue", "estimateSet { values }");
const REMOVE_SCALE_VALUE = mutation("removeEstimateSetValue", "estimateSet { values }");
const INVITE_TO_ESTIMATE = mutation("inviteToEstimate", "estimationVotes { id }");
const SET_VOTE = mutation("setEstimationVote", "estimationVote { id value }");
const REMOVE_VOTE = mutation("removeEstimationVote", "estimationVote { id }");
const CREATE_MILESTONE = mutation("createMilestone", "milestone { number title }");

/** What the bulk-shaped release answers say: issues the person could not change, with a reason. */
export interface MembershipResult {
  successCount: number;
  failedIssues: { id: string }[];
  githubErrors: Record<string, string>;
}

export function useFieldsApi(workspaceId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = (field: "priorities" | "releases" | "estimateSet") =>
      queryClient.invalidateQueries({ queryKey: workspaceFieldsKey(workspaceId, field) });
    const call = async <Data>(document: string, input: Record<string, unknown>) => request<Data>(document, { input });
    return {
      createPriority: async (input: { name: string; color: string }) => {
        await call(CREATE_PRIORITY, { workspaceId, ...input });
        await refresh("priorities");
      },
      /** `position` counts from 0, the highest priority. */
      updatePriority: async (priorityId: string, change: { name?: string; color?: string; position?: number }) => {
        await call(UPDATE_PRIORITY, { priorityId, ...change });
        await refresh("priorities");
      },
      deletePriority: async (priorityId: string) => {
        await call(DELETE_PRIORITY, { priorityId });
        await refresh("priorities");
      },
      /** Sets the issues' priority on this workspace's board; null clears it. */
      setIssuePriority: async (issues: IssueInfo[], priorityId: string | null) => {
        if (priorityId) await call(SET_PRIORITIES, { priorityId, issues });
        else await call(REMOVE_PRIORITIES, { workspaceId, issues });
      },
      createRelease: async (release: ReleaseInput) => {
        await call(CREATE_RELEASE, { workspaceId, release });
        await refresh("releases");
      },
      updateRelease: async (releaseId: string, release: Partial<ReleaseInput> & { state?: ReleaseState }) => {
        await call(UPDATE_RELEASE, { releaseId, release });
        await refresh("releases");
      },
      deleteRelease: async (releaseId: string) => {
        await call(DELETE_RELEASE, { releaseId });
        await refresh("releases");
      },
      addIssuesToReleases: async (issueIds: string[], releaseIds: string[]) =>
        (await call<{ addIssuesToReleases: MembershipResult }>(ADD_TO_RELEASES, { issueIds, releaseIds }))
          .addIssuesToReleases,
      removeIssuesFromReleases: async (issueIds: string[], releaseIds: string[]) =>
        (await call<{ removeIssuesFromReleases: MembershipResult }>(REMOVE_FROM_RELEASES, { issueIds, releaseIds }))
          .removeIssuesFromReleases,
      addEstimateSetValue: async (value: number) => {
        await call(ADD_SCALE_VALUE, { workspaceId, value });
        await refresh("estimateSet");
      },
      removeEstimateSetValue: async (value: number) => {
        await call(REMOVE_SCALE_VALUE, { workspaceId, value });
        await refresh("estimateSet");
      },
      inviteToEstimate: async (issueIds: string[], gantryUserIds: string[]) => {
        await call(INVITE_TO_ESTIMATE, { workspaceId, issueIds, gantryUserIds });
        await queryClient.invalidateQueries({ queryKey: ["estimation-votes", workspaceId] });
      },
      /** The voter's own vote; null takes it back. */
      setEstimationVote: async (estimationVoteId: string, value: number | null) => {
        await call(SET_VOTE, { estimationVoteId, value });
        await queryClient.invalidateQueries({ queryKey: ["estimation-votes", workspaceId] });
      },
      removeEstimationVote: async (estimationVoteId: string) => {
        await call(REMOVE_VOTE, { estimationVoteId });
        await queryClient.invalidateQueries({ queryKey: ["estimation-votes", workspaceId] });
      },
      /** A milestone of a workspace's Gantry repository (decision 0028); answers its number. */
      createMilestone: async (repositoryId: string, title: string) => {
        const answer = await call<{ createMilestone: { milestone: { number: number } } }>(CREATE_MILESTONE, {
          repositoryId,
          title,
        });
        await queryClient.invalidateQueries({ queryKey: ["repository-milestones", repositoryId] });
        return answer.createMilestone.milestone.number;
      },
    };
  }, [request, queryClient, workspaceId]);
}
