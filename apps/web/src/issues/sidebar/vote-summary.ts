import { pointsText } from "./field-options";

/**
 * One line over the votes: how many of those asked have voted and, once someone has, the
 * average (two decimals at most, like an estimate), or the value itself when everyone agrees.
 */
export function voteSummary(votes: readonly { value: number | null }[]): string {
  const cast = votes.flatMap((vote) => (vote.value === null ? [] : [vote.value]));
  const counted = `${cast.length} of ${votes.length} voted`;
  if (cast.length === 0) return counted;
  if (cast.length === votes.length && cast.every((value) => value === cast[0]))
    return `${counted} · all agree on ${pointsText(cast[0] ?? 0)}`;
  const average = Math.round((cast.reduce((sum, value) => sum + value, 0) / cast.length) * 100) / 100;
  return `${counted} · average ${pointsText(average)}`;
}
