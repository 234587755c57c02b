import { type DocumentNode, visit } from "graphql";
import type { Plugin } from "graphql-yoga";
import { GantryError } from "../graphql/errors.js";

/**
 * PostgreSQL's text cannot hold U+0000, so a NUL in any input would fail deep inside a write
 * (an unexpected error, after earlier statements of the request may have run). No title, name or
 * body needs one, so an operation carrying it is refused up front with a clear message.
 */
export const NUL_REFUSED = "Text may not contain the NUL character (U+0000).";

export function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object") return Object.values(value).some(holdsNul);
  return false;
}

/** Yoga hands every request of the same operation text the same parsed document: each is walked once. */
const documentsChecked = new WeakMap<DocumentNode, boolean>();

function documentHoldsNul(document: DocumentNode): boolean {
  const known = documentsChecked.get(document);
  if (known !== undefined) return known;
  let found = false;
  visit(document, {
    StringValue(node) {
      if (node.value.includes("\u0000")) found = true;
    },
  });
  documentsChecked.set(document, found);
  return found;
}

/** A Yoga plugin refusing, before anything runs, an operation whose variables or literals hold a NUL. */
export function nulCharactersPlugin(): Plugin {
  const check = (args: { document: DocumentNode; variableValues?: Record<string, unknown> | null }) =>
    holdsNul(args.variableValues) || documentHoldsNul(args.document)
      ? new GantryError("BAD_USER_INPUT", NUL_REFUSED)
      : null;
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = check(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = check(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
