/** A place in a pipeline: its id and an index in its list of issues. */
export interface BoardPlace {
  pipelineId: string;
  index: number;
}

/** One move of one card, as the optimistic update and its revert both need it. */
export interface IssueMove {
  issueId: string;
  isPullRequest: boolean;
  from: BoardPlace;
  to: BoardPlace;
  /** When the move was made (ms since the epoch); also tells two moves of the same card apart. */
  movedAt: number;
}

/** `ids` with `issueId` taken out and put back at `index` (clamped to the list). */
export function placeIssue(ids: readonly string[], issueId: string, index: number): string[] {
  const others = ids.filter((id) => id !== issueId);
  const at = Math.max(0, Math.min(index, others.length));
  return [...others.slice(0, at), issueId, ...others.slice(at)];
}
