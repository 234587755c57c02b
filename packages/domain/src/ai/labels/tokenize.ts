/**
 * Words an issue's text is classified by. Deliberately small: lower case, letters and digits
 * (any script), English stop words and bare numbers dropped, a crude plural/suffix fold so
 * "crashes" and "crash" count as one word. Links are dropped (their paths are noise); code is
 * kept, since stack traces and identifiers say a lot about what kind of issue it is.
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her his how i if in into is " +
    "it its just me my no not of on or our so some than that the their them then there these they this to too " +
    "was we were what when where which while who why will with would you your should also any all am us get got " +
    "like only out up use using used one would just"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}_]*/gu;

/** Folds a few English suffixes so inflections share a feature. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  if (word.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

export function tokenize(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .replace(/https?:\/\/\S+/g, " ")
      .match(WORD) ?? [];
  return words.filter((word) => word.length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word)).map(stem);
}

/** How much of a body is read: the start says what an issue is about; pasted logs can run for pages. */
export const BODY_CHARACTERS = 4000;

/**
 * An issue's features: its title's words and word pairs (the title is the best summary, so its
 * words count twice) and its body's words.
 */
export function issueFeatures(title: string, body: string | null): string[] {
  const titleWords = tokenize(title);
  const pairs = titleWords.slice(1).map((word, index) => `${titleWords[index]} ${word}`);
  return [...titleWords, ...titleWords, ...pairs, ...tokenize((body ?? "").slice(0, BODY_CHARACTERS))];
}
