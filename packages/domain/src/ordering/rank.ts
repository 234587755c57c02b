/**
 * Lexicographic ranks for ordered lists (pipelines, cards): a new item takes a rank strictly
 * between its neighbours', so a move writes one row and never renumbers the rest, and two
 * concurrent moves cannot corrupt the order. Base 36 keeps byte order and every database
 * collation in agreement; a rank never ends in "0", so there is always room between two.
 */
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
const BASE = DIGITS.length;

function digitAt(key: string, index: number): number {
  return DIGITS.indexOf(key.charAt(index));
}

function digit(value: number): string {
  return DIGITS.charAt(value);
}

/** A key strictly between a ("" = start) and b (null = end), assuming a < b and neither ends in "0". */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let common = 0;
    while ((a.charAt(common) || "0") === b.charAt(common)) common++;
    if (common > 0) return b.slice(0, common) + midpoint(a.slice(common), b.slice(common));
  }
  const low = a ? digitAt(a, 0) : 0;
  const high = b !== null ? digitAt(b, 0) : BASE;
  if (high - low > 1) return digit(Math.round((low + high) / 2));
  // Neighbouring digits: keep b's first digit if b goes on, else extend a.
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return digit(low) + midpoint(a.slice(1), null);
}

export function isValidRank(rank: string): boolean {
  return /^[0-9a-z]*[1-9a-z]$/.test(rank);
}

/**
 * Just after the last rank: step up the first digit that can go up, dropping what follows,
 * so appending again and again grows a rank by one character per 35 appends, not per 5.
 */
function rankAfter(last: string): string {
  for (let index = 0; index < last.length; index++) {
    const value = digitAt(last, index);
    if (value < BASE - 1) return last.slice(0, index) + digit(value + 1);
  }
  return `${last}1`;
}

/** Just before the first rank, stepping a digit down the same way. */
function rankBefore(first: string): string {
  for (let index = 0; index < first.length; index++) {
    const value = digitAt(first, index);
    if (value > 1) return first.slice(0, index) + digit(value - 1);
  }
  // Only 0s and 1s, ending in 1 (a rank never ends in 0): "…1" → "…0z".
  return `${first.slice(0, -1)}0z`;
}

/** The rank for an item placed between `before` and `after` (null: at that end of the list). */
export function rankBetween(before: string | null, after: string | null): string {
  for (const rank of [before, after]) {
    if (rank !== null && !isValidRank(rank)) throw new Error(`invalid rank "${rank}"`);
  }
  if (before !== null && after !== null && before >= after) {
    throw new Error(`rank "${before}" must sort before "${after}"`);
  }
  if (before !== null && after === null) return rankAfter(before);
  if (before === null && after !== null) return rankBefore(after);
  return midpoint(before ?? "", after);
}

/**
 * Ranks for `count` items placed together, in order, strictly between `before` and `after`
 * (null: that end of the list). Items landing at the top are ranked from the bottom up, so
 * both ends step one digit at a time instead of halving the gap for every item.
 */
export function ranksBetween(before: string | null, after: string | null, count: number): string[] {
  const ranks: string[] = [];
  if (after === null) {
    for (let index = 0; index < count; index++) ranks.push(rankBetween(ranks.at(-1) ?? before, null));
    return ranks;
  }
  for (let index = 0; index < count; index++) ranks.unshift(rankBetween(before, ranks[0] ?? after));
  return ranks;
}

/** Ranks for `count` items in order, for a new list. */
export function initialRanks(count: number): string[] {
  const ranks: string[] = [];
  for (let index = 0; index < count; index++) ranks.push(rankBetween(ranks.at(-1) ?? null, null));
  return ranks;
}
