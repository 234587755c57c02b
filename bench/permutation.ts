import { isValidRank } from "@gantry/domain";

export interface PositionRow {
  issueId: string;
  pipelineId: string;
  rank: string;
}

/**
 * What is wrong with a board's order after concurrent moves, as sentences (none: it is sound):
 * every seeded issue placed exactly once, nothing else, and each pipeline a strict order of
 * valid ranks, so it is a permutation of its issues with no ties a reader could shuffle.
 */
export function orderProblems(expected: readonly string[], rows: readonly PositionRow[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.issueId, (seen.get(row.issueId) ?? 0) + 1);
  const duplicated = [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  if (duplicated.length) problems.push(`${duplicated.length} issues placed more than once (${duplicated[0]}, …)`);
  const wanted = new Set(expected);
  const lost = expected.filter((id) => !seen.has(id));
  if (lost.length) problems.push(`${lost.length} issues lost (${lost[0]}, …)`);
  const extra = [...seen.keys()].filter((id) => !wanted.has(id));
  if (extra.length) problems.push(`${extra.length} issues that were never seeded (${extra[0]}, …)`);
  const ranks = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!isValidRank(row.rank)) problems.push(`invalid rank "${row.rank}" for ${row.issueId}`);
    const pipeline = ranks.get(row.pipelineId) ?? new Set<string>();
    if (pipeline.has(row.rank)) problems.push(`two issues share rank "${row.rank}" in pipeline ${row.pipelineId}`);
    pipeline.add(row.rank);
    ranks.set(row.pipelineId, pipeline);
  }
  return problems;
}
