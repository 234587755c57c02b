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
  body?: string | null;
  createdAt?: string;
  /** A native Gantry issue or a GitHub one (SPEC §3 Board issue `type`). */
  type?: "GantryIssue" | "GithubIssue";
  /** `id` and `ghId` are what the repos filter holds (Gantry's id, GitHub's numeric id). */
  repository?: { id?: string; ghId?: number | null; name: string; ownerName: string };
  issueType?: { name: string } | null;
  estimate?: { value: number } | null;
  milestone?: { title: string } | null;
  parentIssue?: (Titled & { id?: string }) | null;
  issueCountProgress?: Progress | null;
  issueEstimateProgress?: Progress | null;
  parentEpics?: { nodes: { issue: Titled & { id?: string } }[] };
  parentGantryEpics?: { nodes: { id?: string; title: string }[] };
  sprints?: { nodes: { id?: string; name: string; startAt?: string }[] };
  /** The sprint the issue is expected to land in (SPEC §2 predicted sprint badge). */
  predictedSprint?: { id: string; name: string } | null;
  releases?: { nodes: { id?: string; title: string }[] };
  blockingIssues?: { totalCount: number };
  blockedIssues?: { totalCount: number };
  /** A pull request's reviewers asked and not yet answered. */
  reviewRequests?: { nodes: { reviewer: { login: string; avatarUrl: string | null } }[] };
  /** `latestTransferTime`: when the issue entered its pipeline (the time-in-pipeline sorts). */
  pipelineIssue?: {
    latestTransferTime?: string | null;
    /** `rank`: SPEC §3, 1 = high; the priority sort orders by it. */
    priority: { id: string; name: string; color: string; rank?: number } | null;
  } | null;
}

/**
 * "owner/name" from the issue's GitHub address (…/owner/name/issues/N or …/pull/N), for answers
 * that carry no repository.
 */
export function repositoryName(htmlUrl: string): string {
  const match = /\/([^/]+)\/([^/]+)\/(?:issues|pull)\/\d+\/?$/.exec(htmlUrl);
  return match ? `${match[1]}/${match[2]}` : "";
}
