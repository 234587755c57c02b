import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useGraphQL } from "../api/use-graphql";
import type { PermissionLevel } from "../organizations/api";
import { issueSprintsKey, SPRINT_FIELDS, type SprintSummary, sprintConfigQuery } from "../sprints/sprints-api";
import { workspaceQuery } from "../workspaces/api";
import { ESTIMATION_VOTE_FIELDS, type EstimationVote, estimateSetQuery, estimationVotesKey } from "./fields-api";
import type { IssueTarget } from "./issue-routes";

export interface IssuePerson {
  login: string;
  avatarUrl: string | null;
}

export interface LinkedIssue {
  id: string;
  number: number;
  title: string;
  /** A link with a Gantry issue stays in Gantry; between GitHub issues it is GitHub's too. */
  type?: "GithubIssue" | "GantryIssue";
}

export interface ConnectedPullRequest {
  id: string;
  number: number;
  title: string;
  state: "OPEN" | "CLOSED" | "MERGED";
  htmlUrl: string;
  repository: { name: string };
}

/** An issue as the viewer shows it, with the ids its sidebar names when it changes a field. */
export interface ViewedIssue {
  id: string;
  number: number;
  title: string;
  body: string | null;
  state: "OPEN" | "CLOSED" | "MERGED";
  type: "GithubIssue" | "GantryIssue";
  pullRequest: boolean;
  htmlUrl: string;
  createdAt: string;
  viewerPermission: PermissionLevel;
  labels: { name: string; color: string }[];
  /** The workspaces' own labels (decision 0071: ZenHub's issue labels), those of boards the viewer can open. */
  gantryLabels: { nodes: { id: string; name: string; color: string | null }[] };
  /** Pull requests connected to the issue on boards the viewer can open (ZenHub's PR connections, kept by the import). */
  connectedPrs: { nodes: ConnectedPullRequest[] };
  assignees: IssuePerson[];
  user: IssuePerson | null;
  repository: { id: string; name: string; ownerName: string; htmlUrl: string };
  /** Asked only when the issue is seen from a workspace. */
  pipelineIssue?: {
    pipeline: { id: string; name: string };
    priority: { id: string; name: string; color: string } | null;
  } | null;
  estimate: { value: number } | null;
  milestone: { number: number; title: string } | null;
  sprints: { nodes: SprintSummary[] };
  releases: { nodes: { id: string; title: string }[] };
  parentGantryEpics: { nodes: { id: string; title: string }[] };
  parentEpics: { nodes: { issue: LinkedIssue }[] };
  parentIssue: LinkedIssue | null;
  blockingIssues: { nodes: LinkedIssue[] };
  blockedIssues: { nodes: LinkedIssue[] };
}

const LINKED = "id number title type";
/** The issue's fields; `scope` keeps the per-workspace ones (sprints, releases, epics, dependencies…) to the board's. */
const fields = (
  scope: string,
) => `id number title body state type pullRequest htmlUrl createdAt viewerPermission${scope}
  labels { name color } gantryLabels(first: 50) { nodes { id name color } }
  connectedPrs(first: 20) { nodes { id number title state htmlUrl repository { name } } }
  assignees { login avatarUrl } user { login avatarUrl }
  repository { id name ownerName htmlUrl } estimate { value } milestone { number title } parentIssue { ${LINKED} }
  sprints${scope} { nodes { ${SPRINT_FIELDS} } } releases${scope} { nodes { id title } }
  parentGantryEpics${scope} { nodes { id title } } parentEpics { nodes { issue { ${LINKED} } } }
  blockingIssues${scope} { nodes { ${LINKED} } } blockedIssues${scope} { nodes { ${LINKED} } }`;
const IN_WORKSPACE = "(workspaceId: $workspaceId)";
const ON_BOARD = `pipelineIssue${IN_WORKSPACE} { pipeline { id name } priority { id name color } }`;
/**
 * What the sidebar's sprint field and estimation votes show, read with the issue rather than after it
 * (issue #27: a second round trip, ~300 ms and more, before Sprints and the votes showed).
 */
const FOR_SIDEBAR = `predictedSprint${IN_WORKSPACE} { ${SPRINT_FIELDS} }
  estimationVotes${IN_WORKSPACE} { nodes { ${ESTIMATION_VOTE_FIELDS} } }`;

interface SidebarExtras {
  predictedSprint: SprintSummary | null;
  estimationVotes: { nodes: EstimationVote[] };
}

const WORKSPACE_ISSUE = `query viewedWorkspaceIssue($workspaceId: ID!, $issueNumber: Int!, $owner: String, $repo: String) {
  issue: workspaceIssue(workspaceId: $workspaceId, issueNumber: $issueNumber, repositoryOwner: $owner, repositoryName: $repo) {
    ${fields(IN_WORKSPACE)} ${ON_BOARD} ${FOR_SIDEBAR}
  }
}`;

const REPOSITORY_ISSUE = `query viewedRepositoryIssue($owner: String!, $repo: String!, $issueNumber: Int!) {
  issue: repositoryIssue(repositoryOwner: $owner, repositoryName: $repo, issueNumber: $issueNumber) { ${fields("")} }
}`;

export const viewedIssueKey = (target: IssueTarget) => ["viewed-issue", target] as const;

/** Gives the sidebar's own queries the answers read with the issue, so they need not ask again. */
function fillSidebarQueries(client: QueryClient, workspaceId: string, issue: ViewedIssue, extras: SidebarExtras) {
  client.setQueryData(issueSprintsKey(issue.id, workspaceId), {
    sprints: issue.sprints.nodes,
    predictedSprint: extras.predictedSprint,
  });
  client.setQueryData(
    estimationVotesKey(workspaceId, { repositoryId: issue.repository.id, issueNumber: issue.number }),
    extras.estimationVotes.nodes,
  );
}

/** The issue a route names: through its workspace (path forms 1 and 2) or its repository alone (form 3). */
export function useViewedIssue(target: IssueTarget) {
  const request = useGraphQL();
  const client = useQueryClient();
  useWorkspaceFieldsAhead(target.workspaceId);
  return useQuery({
    queryKey: viewedIssueKey(target),
    queryFn: async () => {
      const { workspaceId, repository, issueNumber } = target;
      if (!workspaceId) {
        const variables = { issueNumber, owner: repository?.owner, repo: repository?.name };
        return (await request<{ issue: ViewedIssue }>(REPOSITORY_ISSUE, variables)).issue;
      }
      const variables = { workspaceId, issueNumber, owner: repository?.owner, repo: repository?.name };
      const { issue } = await request<{ issue: ViewedIssue & SidebarExtras }>(WORKSPACE_ISSUE, variables);
      const { predictedSprint, estimationVotes, ...viewed } = issue;
      fillSidebarQueries(client, workspaceId, viewed, { predictedSprint, estimationVotes });
      return viewed;
    },
  });
}

/**
 * The workspace's own answers the sidebar shows (its members, estimate scale and sprints), asked for
 * beside the issue rather than once it has come and the sidebar has drawn.
 */
function useWorkspaceFieldsAhead(workspaceId: string | null) {
  const request = useGraphQL();
  const client = useQueryClient();
  useEffect(() => {
    if (!workspaceId) return;
    void client.prefetchQuery(workspaceQuery(request, workspaceId));
    void client.prefetchQuery(estimateSetQuery(request, workspaceId));
    void client.prefetchQuery(sprintConfigQuery(request, workspaceId));
  }, [client, request, workspaceId]);
}
