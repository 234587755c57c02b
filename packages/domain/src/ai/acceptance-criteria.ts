/**
 * Acceptance criteria as a Markdown task list: read from closed issues' bodies, from a model's
 * answer as it streams, and written into an issue's body once the person has edited them.
 */

/** At most this many criteria are proposed: a checklist longer than that is a spec, not criteria. */
export const MAX_ACCEPTANCE_CRITERIA = 8;

/** The longest criterion kept; a longer line is cut, so a model rambling on cannot fill the body. */
export const MAX_CRITERION_LENGTH = 300;

/** The heading the inserted checklist goes under. */
export const ACCEPTANCE_CRITERIA_HEADING = "### Acceptance criteria";

const TASK_ITEM = /^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+\[[ xX]\]\s+(.+)$/;
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?(.+)$/;

function clean(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  return trimmed.length > MAX_CRITERION_LENGTH ? `${trimmed.slice(0, MAX_CRITERION_LENGTH - 1)}…` : trimmed;
}

/** The items of every task list (`- [ ] …`, `- [x] …`) in a Markdown text, in order; code blocks are skipped. */
export function taskListItems(markdown: string): string[] {
  const items: string[] = [];
  let inCode = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s{0,3}(```|~~~)/.test(line)) inCode = !inCode;
    if (inCode) continue;
    const match = TASK_ITEM.exec(line);
    if (match?.[1]?.trim()) items.push(clean(match[1]));
  }
  return items;
}

/**
 * The criteria in a model's answer, which it is asked to give as a task list but may give as a
 * plain or numbered list. Read again as the answer grows, so the last, unfinished line shows too.
 */
export function criteriaFromAnswer(answer: string): string[] {
  const items: string[] = [];
  for (const line of answer.split(/\r?\n/)) {
    const match = LIST_ITEM.exec(line);
    if (match?.[1]?.trim()) items.push(clean(match[1]));
  }
  return uniqueCriteria(items).slice(0, MAX_ACCEPTANCE_CRITERIA);
}

/** The criteria with repeats (same words, any case or spacing) and empty ones left out, first occurrence kept. */
export function uniqueCriteria(criteria: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const criterion of criteria) {
    const text = clean(criterion);
    const key = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
  }
  return kept;
}

/** Criteria taken from a similar closed issue, kept as a quote of that issue rather than as this one's own. */
export interface QuotedCriteria {
  issueNumber: number;
  criteria: readonly string[];
}

/**
 * The body with the criteria appended as an unchecked task list under a heading, after what is
 * there already, then any criteria quoted from similar issues, each group as a block quote headed
 * "From similar issue #N:" (quoted lines are not task items of this issue, so they are not read
 * back as its criteria). Empty criteria are dropped; with none left the body is unchanged.
 */
export function insertAcceptanceCriteria(
  body: string,
  criteria: readonly string[],
  quoted: readonly QuotedCriteria[] = [],
): string {
  const items = uniqueCriteria(criteria);
  const quotes = quoted
    .map(({ issueNumber, criteria: taken }) => ({ issueNumber, items: uniqueCriteria(taken) }))
    .filter((quote) => quote.items.length > 0);
  if (items.length === 0 && quotes.length === 0) return body;
  const parts = [
    ...(items.length > 0 ? [items.map((item) => `- [ ] ${item}`).join("\n")] : []),
    ...quotes.map(({ issueNumber, items: taken }) =>
      [`> From similar issue #${issueNumber}:`, ">", ...taken.map((item) => `> - [ ] ${item}`)].join("\n"),
    ),
  ];
  const before = body.trimEnd();
  return `${before ? `${before}\n\n` : ""}${ACCEPTANCE_CRITERIA_HEADING}\n\n${parts.join("\n\n")}\n`;
}
