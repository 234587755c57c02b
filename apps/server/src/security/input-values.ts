import { type DocumentNode, visit } from "graphql";
import type { Plugin } from "graphql-yoga";
import { GantryError } from "../graphql/errors.js";

/**
 * PostgreSQL's text cannot hold U+0000, so a NUL in any input would fail deep inside a write
 * (an unexpected error, after earlier statements of the request may have run). No title, name or
 * body needs one, so an operation carrying it is refused up front with a clear message.
 */
export const NUL_REFUSED = "Text may not contain the NUL character (U+0000).";

/**
 * A lone surrogate (U+D800–U+DFFF without its pair, which JSON's `\uD800` can carry) is not Unicode
 * text: the database driver would store U+FFFD in its place, silently changing what was written.
 */
export const UNPAIRED_SURROGATE_REFUSED =
  "Text may not contain an unpaired surrogate (U+D800 to U+DFFF): it is not valid Unicode.";

/**
 * How deep and how large an operation's variables may be. The deepest input the schema takes (an issue filter
 * inside an input object) nests 4; bulk changes send a few hundred ids. Checked before anything walks them
 * recursively (GraphQL's own coercion does), so 5,000 nested arrays are a clear refusal, not a crash (issue #28).
 */
export const VARIABLE_LIMITS = { maxDepth: 16, maxValues: 10_000 };

type Verdict = "NUL" | "UNPAIRED_SURROGATE" | "DEPTH" | "SIZE" | null;

function textVerdict(text: string): Verdict {
  if (text.includes("\u0000")) return "NUL";
  return text.isWellFormed() ? null : "UNPAIRED_SURROGATE";
}

/** The first problem in one variable value; `budget.left` counts down the values still allowed. */
function inspect(value: unknown, depth: number, budget: { left: number }): Verdict {
  if (typeof value === "string") return textVerdict(value);
  if (value === null || typeof value !== "object") return null;
  if (depth >= VARIABLE_LIMITS.maxDepth) return "DEPTH";
  const items = Array.isArray(value) ? value : Object.values(value);
  budget.left -= items.length;
  if (budget.left < 0) return "SIZE";
  for (const item of items) {
    const verdict = inspect(item, depth + 1, budget);
    if (verdict) return verdict;
  }
  return null;
}

/** The first problem in an operation's variables, or null: no NUL, no lone surrogate, within the limits. */
export function variablesVerdict(variables: Record<string, unknown> | null | undefined): Verdict {
  return variables ? inspect(variables, 0, { left: VARIABLE_LIMITS.maxValues }) : null;
}

/** Yoga hands every request of the same operation text the same parsed document: each is walked once. */
const documentsChecked = new WeakMap<DocumentNode, Verdict>();

function documentVerdict(document: DocumentNode): Verdict {
  const known = documentsChecked.get(document);
  if (known !== undefined) return known;
  let found: Verdict = null;
  visit(document, {
    StringValue(node) {
      found ??= textVerdict(node.value);
    },
  });
  documentsChecked.set(document, found);
  return found;
}

const REFUSALS: Record<Exclude<Verdict, null>, () => GantryError> = {
  NUL: () => new GantryError("BAD_USER_INPUT", NUL_REFUSED),
  UNPAIRED_SURROGATE: () => new GantryError("BAD_USER_INPUT", UNPAIRED_SURROGATE_REFUSED),
  DEPTH: () =>
    new GantryError("BAD_USER_INPUT", `Variables nest deeper than the limit of ${VARIABLE_LIMITS.maxDepth}.`, {
      limit: "VARIABLES_DEPTH",
      maxDepth: VARIABLE_LIMITS.maxDepth,
    }),
  SIZE: () =>
    new GantryError(
      "BAD_USER_INPUT",
      `Variables hold more than ${VARIABLE_LIMITS.maxValues} values. Send fewer at once.`,
      { limit: "VARIABLES_SIZE", maxValues: VARIABLE_LIMITS.maxValues },
    ),
};

/**
 * A Yoga plugin refusing, before anything runs, an operation whose variables or literals hold a NUL or a lone
 * surrogate, or whose variables nest too deep or hold too many values. Variables are checked as soon as the
 * request's parameters are read, before the text is parsed or validated; literals once per parsed document.
 */
export function inputValuesPlugin(): Plugin {
  const refuseDocument = (document: DocumentNode) => {
    const verdict = documentVerdict(document);
    return verdict ? REFUSALS[verdict]() : null;
  };
  return {
    onParams({ params, setResult }) {
      const verdict = variablesVerdict(params.variables);
      if (verdict) setResult({ errors: [REFUSALS[verdict]()] });
    },
    onExecute({ args, setResultAndStopExecution }) {
      const error = refuseDocument(args.document);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = refuseDocument(args.document);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
