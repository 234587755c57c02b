/** A card's issue or pull request, as searchIssuesByPipeline answers it. */
export interface BoardIssue {
  id: string;
  number: number;
  title: string;
  state: "OPEN" | "CLOSED";
  pullRequest: boolean;
  htmlUrl: string;
  labels: { name: string; color: string }[];
  assignees: { login: string; avatarUrl: string | null }[];
  user: { login: string } | null;
}

/**
 * "owner/name" from the issue's GitHub address (…/owner/name/issues/N or …/pull/N); the
 * API does not answer the repository on an issue yet.
 */
export function repositoryName(htmlUrl: string): string {
  const match = /\/([^/]+)\/([^/]+)\/(?:issues|pull)\/\d+\/?$/.exec(htmlUrl);
  return match ? `${match[1]}/${match[2]}` : "";
}
