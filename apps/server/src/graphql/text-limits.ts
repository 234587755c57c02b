import { GraphQLError, type ParseOptions, parse, type Source } from "graphql";
import type { Plugin } from "graphql-yoga";
import { GantryError } from "./errors.js";

/**
 * graphql-js parses (and later validates and walks) a document recursively, so a small text nested
 * thousands of levels deep (`{ viewer { viewer { …`) exhausts the stack before the depth limit of
 * limits.ts could look at it: the client got an unexpected error (issue #28). These limits are read
 * from the text itself, without recursion, before it is parsed.
 */
export const OPERATION_TEXT_LIMITS = {
  /**
   * Brackets (`{`, `(`, `[`) open at once. Fields nest at most 15 deep (limits.ts) and an argument's value adds a
   * few more; the web app's deepest operation opens 9.
   */
  maxNesting: 64,
  /** Tokens in the whole document: the web app's largest operation has a few hundred. */
  maxTokens: 10_000,
};

/** The deepest bracket nesting of a GraphQL text, skipping strings, block strings and comments. */
export function bracketNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const char = text.charCodeAt(index);
    if (char === 0x7b || char === 0x28 || char === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x7d || char === 0x29 || char === 0x5d) {
      if (depth > 0) depth -= 1;
    } else if (char === 0x23) {
      // A comment runs to the end of the line.
      while (index < length && text.charCodeAt(index) !== 0x0a && text.charCodeAt(index) !== 0x0d) index += 1;
    } else if (char === 0x22) {
      if (text.startsWith('"""', index)) {
        const end = text.indexOf('"""', index + 3);
        // Escaped quotes (\""") inside a block string only matter for where it ends; the lexer refuses a bad one.
        index = end === -1 ? length : end + 2;
      } else {
        index += 1;
        while (index < length) {
          const inner = text.charCodeAt(index);
          if (inner === 0x5c) index += 1;
          else if (inner === 0x22 || inner === 0x0a || inner === 0x0d) break;
          index += 1;
        }
      }
    }
    index += 1;
  }
  return deepest;
}

/** graphql-js's own error for a document above `maxTokens`; it is answered as the TOKENS limit instead. */
const TOO_MANY_TOKENS = /^Syntax Error: Document contains more than \d+ tokens/;

function parseWithinLimits(source: string | Source, options?: ParseOptions) {
  const text = typeof source === "string" ? source : source.body;
  const nesting = bracketNesting(text);
  const { maxNesting, maxTokens } = OPERATION_TEXT_LIMITS;
  if (nesting > maxNesting) {
    throw new GantryError(
      "BAD_USER_INPUT",
      `This operation nests brackets ${nesting} deep, above the limit of ${maxNesting}.`,
      { limit: "DEPTH", depth: nesting, maxDepth: maxNesting },
    );
  }
  try {
    return parse(source, { ...options, maxTokens });
  } catch (error) {
    if (error instanceof GraphQLError && TOO_MANY_TOKENS.test(error.message)) {
      throw new GantryError(
        "BAD_USER_INPUT",
        `This operation is longer than ${maxTokens} tokens. Send a smaller operation.`,
        { limit: "TOKENS", maxTokens },
      );
    }
    throw error;
  }
}

/**
 * A Yoga plugin checking an operation's text before graphql-js parses it. It replaces the parse function,
 * which Yoga calls only for a text it has not parsed before: a repeated operation (a board's moves) costs nothing.
 */
export function operationTextLimitsPlugin(): Plugin {
  return {
    onParse({ setParseFn }) {
      setParseFn(parseWithinLimits);
    },
  };
}
