import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";
import type { PermissionLevel } from "../organizations/api";
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
  sprints: { nodes: { id: string; name: string }[] };
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
  labels { name color } assignees { login avatarUrl } user { login avatarUrl }
  repository { id name ownerName htmlUrl } estimate { value } milestone { number title } parentIssue { ${LINKED} }
  sprints${scope} { nodes { id name } } releases${scope} { nodes { id title } }
  parentGantryEpics${scope} { nodes { id title } } parentEpics { nodes { issue { ${LINKED} } } }
  blockingIssues${scope} { nodes { ${LINKED} } } blockedIssues${scope} { nodes { ${LINKED} } }`;
const IN_WORKSPACE = "(workspaceId: $workspaceId)";
const ON_BOARD = `pipelineIssue${IN_WORKSPACE} { pipeline { id name } priority { id name color } }`;

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
