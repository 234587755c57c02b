interface Titled {
  number: number;
  title: string;
}

interface Progress {
  open: number;
  closed: number;
  total: number;
}

/**
 * A card's issue or pull request, as searchIssuesByPipeline answers it. The issue fields are
 * optional: an answer that did not ask for them (an older page, a test) still draws a card.
 */
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
  /** A native Gantry issue or a GitHub one (SPEC §3 Board issue `type`). */
  type?: "GantryIssue" | "GithubIssue";
  repository?: { name: string; ownerName: string };
  estimate?: { value: number } | null;
  milestone?: { title: string } | null;
  parentIssue?: Titled | null;
  issueCountProgress?: Progress | null;
  issueEstimateProgress?: Progress | null;
  parentEpics?: { nodes: { issue: Titled }[] };
  parentGantryEpics?: { nodes: { title: string }[] };
  sprints?: { nodes: { name: string }[] };
  releases?: { nodes: { title: string }[] };
  blockingIssues?: { totalCount: number };
  blockedIssues?: { totalCount: number };
  pipelineIssue?: { priority: { id: string; name: string; color: string } | null } | null;
}

/**
 * "owner/name" from the issue's GitHub address (…/owner/name/issues/N or …/pull/N), for answers
 * that carry no repository.
 */
export function repositoryName(htmlUrl: string): string {
  const match = /\/([^/]+)\/([^/]+)\/(?:issues|pull)\/\d+\/?$/.exec(htmlUrl);
  return match ? `${match[1]}/${match[2]}` : "";
}
