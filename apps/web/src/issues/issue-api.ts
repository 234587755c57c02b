import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";
import type { IssueTarget } from "./issue-routes";

export interface IssuePerson {
  login: string;
  avatarUrl: string | null;
}

/** An issue as the viewer shows it. */
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
  labels: { name: string; color: string }[];
  assignees: IssuePerson[];
  user: IssuePerson | null;
  repository: { name: string; ownerName: string; htmlUrl: string };
  pipelineIssue?: { pipeline: { name: string }; priority: { name: string } | null } | null;
  estimate: { value: number } | null;
  milestone: { title: string } | null;
  sprints: { nodes: { id: string; name: string }[] };
  releases: { nodes: { id: string; title: string }[] };
  parentGantryEpics: { nodes: { id: string; title: string }[] };
  parentEpics: { nodes: { issue: { id: string; title: string } }[] };
}

/** The issue's fields; `scope` keeps the per-workspace ones (sprints, releases, Gantry epics) to the board's workspace. */
const fields = (scope: string) => `id number title body state type pullRequest htmlUrl createdAt
  labels { name color } assignees { login avatarUrl } user { login avatarUrl }
  repository { name ownerName htmlUrl } estimate { value } milestone { title }
  sprints${scope} { nodes { id name } } releases${scope} { nodes { id title } }
  parentGantryEpics${scope} { nodes { id title } } parentEpics { nodes { issue { id title } } }`;
const IN_WORKSPACE = "(workspaceId: $workspaceId)";
const ON_BOARD = `pipelineIssue${IN_WORKSPACE} { pipeline { name } priority { name } }`;

const WORKSPACE_ISSUE = `query viewedWorkspaceIssue($workspaceId: ID!, $issueNumber: Int!, $owner: String, $repo: String) {
  issue: workspaceIssue(workspaceId: $workspaceId, issueNumber: $issueNumber, repositoryOwner: $owner, repositoryName: $repo) {
    ${fields(IN_WORKSPACE)} ${ON_BOARD}
  }
}`;

const REPOSITORY_ISSUE = `query viewedRepositoryIssue($owner: String!, $repo: String!, $issueNumber: Int!) {
  issue: repositoryIssue(repositoryOwner: $owner, repositoryName: $repo, issueNumber: $issueNumber) { ${fields("")} }
}`;

export const viewedIssueKey = (target: IssueTarget) => ["viewed-issue", target] as const;

/** The issue a route names: through its workspace (path forms 1 and 2) or its repository alone (form 3). */
export function useViewedIssue(target: IssueTarget) {
  const request = useGraphQL();
  return useQuery({
    queryKey: viewedIssueKey(target),
    queryFn: async () => {
      const { workspaceId, repository, issueNumber } = target;
      const variables = { workspaceId, issueNumber, owner: repository?.owner, repo: repository?.name };
      const query = workspaceId ? WORKSPACE_ISSUE : REPOSITORY_ISSUE;
      return (await request<{ issue: ViewedIssue }>(query, variables)).issue;
    },
  });
}
