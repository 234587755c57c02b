import type { BoardIssue } from "./board-issue";
import type { RepositoryOption } from "./create-issue-api";

/** SPEC §9's optimistic ids: what a new card holds until the server names the issue. */
export const OPTIMISTIC_ISSUE_ID = "OPTIMISTIC_ISSUE_ID";
export const OPTIMISTIC_URL = "OPTIMISTIC_URL";
export const OPTIMISTIC_USER = "OPTIMISTIC_USER";

let sequence = 0;

export const isOptimisticIssueId = (id: string) => id.startsWith(OPTIMISTIC_ISSUE_ID);

/** The card shown while the new issue is being created; each gets its own id, as several may be on their way. */
export function optimisticIssue(title: string, repository: RepositoryOption): BoardIssue {
  sequence += 1;
  return {
    id: `${OPTIMISTIC_ISSUE_ID}:${sequence}`,
    number: 0,
    title: title.trim(),
    state: "OPEN",
    pullRequest: false,
    htmlUrl: OPTIMISTIC_URL,
    labels: [],
    assignees: [],
    user: { login: OPTIMISTIC_USER },
    type: repository.ghId === null ? "GantryIssue" : "GithubIssue",
    repository: { id: repository.id, ghId: repository.ghId, name: repository.name, ownerName: repository.ownerName },
  };
}
