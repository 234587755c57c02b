import { workspaceIssuePath } from "@gantry/domain";

/** SPEC §2's three issue path forms, as routes. */
export const NATIVE_ISSUE_ROUTE = "/workspaces/:workspaceId/issues/:issueNumber";
export const WORKSPACE_ISSUE_ROUTE = "/workspaces/:workspaceId/issues/:owner/:repo/:issueNumber";
export const REPOSITORY_ISSUE_ROUTE = "/issues/:owner/:repo/:issueNumber";

/** Navigation state of an issue opened from its board: it shows over the board, not as its own page. */
export interface IssueOverBoardState {
  overBoard: true;
}

export function isOverBoard(state: unknown): state is IssueOverBoardState {
  return typeof state === "object" && state !== null && (state as Partial<IssueOverBoardState>).overBoard === true;
}

const GANTRY_ISSUE_PAGE = /^\/workspaces\/[^/]+\/issues\/\d+$/;
const GITHUB_ISSUE_PAGE = /^\/([^/]+)\/([^/]+)\/(?:issues|pull)\/(\d+)\/?$/;

/**
 * Where a card's issue opens on its board: a native issue's address is already its Gantry page
 * (path form 1); a GitHub issue goes by its repository (form 2). Null when the address is neither.
 */
export function boardIssuePath(workspaceId: string, htmlUrl: string): string | null {
  const { pathname } = new URL(htmlUrl, window.location.origin);
  if (GANTRY_ISSUE_PAGE.test(pathname)) return pathname;
  const github = GITHUB_ISSUE_PAGE.exec(pathname);
  if (!github) return null;
  const [, owner = "", repo = "", number = ""] = github;
  return workspaceIssuePath(workspaceId, decodeURIComponent(owner), decodeURIComponent(repo), Number(number));
}

/** What an issue route names: a native issue (no repository) or a repository's issue, with or without a workspace. */
export interface IssueTarget {
  workspaceId: string | null;
  repository: { owner: string; name: string } | null;
  issueNumber: number;
}

/** The target in a route's params; null when the number is not a positive whole number. */
export function issueTargetOf(params: Record<string, string | undefined>): IssueTarget | null {
  const issueNumber = Number(params.issueNumber);
  if (!Number.isInteger(issueNumber) || issueNumber < 1) return null;
  const repository = params.owner && params.repo ? { owner: params.owner, name: params.repo } : null;
  return { workspaceId: params.workspaceId ?? null, repository, issueNumber };
}
