import { formatNumber } from "../formats/number.js";

/** A pipeline's totals, as `issueCounts` answers them. */
export interface PipelineCounts {
  issuesCount: number;
  pullRequestsCount: number;
  totalStoryPoints: number;
}

function counted(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** SPEC §2 Board: "N Issue(s) / N PR(s) / N Point(s)", or "0 Issues / 0 Points" for an empty pipeline. */
export function pipelineCountText(counts: PipelineCounts): string {
  if (counts.issuesCount === 0 && counts.pullRequestsCount === 0) return "0 Issues / 0 Points";
  return [
    counted(counts.issuesCount, "Issue", "Issues"),
    counted(counts.pullRequestsCount, "PR", "PRs"),
    counted(counts.totalStoryPoints, "Point", "Points"),
  ].join(" / ");
}
