import {
  BREAK,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromASTUntyped,
  visit,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { operationComplexity } from "../public-api/complexity.js";
import { GantryError } from "./errors.js";

/** What one operation may ask for on /graphql and /public/graphql. */
export interface OperationLimits {
  /** Fields nested inside each other, the root field being 1. */
  maxDepth: number;
  /** Aliased fields in the whole operation: aliases are how one request asks for the same field many times. */
  maxAliases: number;
  /** The highest complexity (see public-api/complexity.ts) one operation may have. */
  maxComplexity: number;
  /** The largest `first`/`last` a connection accepts. */
  maxPageSize: number;
}

export const DEFAULT_OPERATION_LIMITS: OperationLimits = {
  // The web app's deepest query (a board: workspace → pipelines → issues → nodes → labels → nodes) is 9.
  maxDepth: 15,
  maxAliases: 30,
  // A bound on the worst case, not a budget: the browser extension's legitimate lookup (organisations →
  // workspaces → repositories, 100 of each) counts about 1,020,000. /public/graphql refuses above 50,000 first.
  maxComplexity: 5_000_000,
  maxPageSize: 100,
};

interface Shape {
  depth: number;
  aliases: number;
  /** The first `first`/`last` above the limit, by field name. */
  oversizedPage: { field: string; size: number } | null;
}

/** Depth, alias count and page sizes of one operation, following fragments (a cycle stops the walk: validation refuses it). */
function operationShape(
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  maxPageSize: number,
): Shape {
  const shape: Shape = { depth: 0, aliases: 0, oversizedPage: null };
  const walk = (selectionSet: SelectionSetNode, depth: number, seen: ReadonlySet<string>) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith("__")) continue;
        shape.depth = Math.max(shape.depth, depth);
        if (selection.alias) shape.aliases += 1;
        for (const argument of selection.arguments ?? []) {
          if (argument.name.value !== "first" && argument.name.value !== "last") continue;
          const size = valueFromASTUntyped(argument.value, variables);
          if (typeof size === "number" && size > maxPageSize && !shape.oversizedPage) {
            shape.oversizedPage = { field: selection.name.value, size };
          }
        }
        if (selection.selectionSet) walk(selection.selectionSet, depth + 1, seen);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, depth, seen);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value)) {
          walk(fragment.selectionSet, depth, new Set([...seen, fragment.name.value]));
        }
      }
    }
  };
  walk(operation.selectionSet, 1, new Set());
  return shape;
}

/** Whether a `first` or `last` of the document is a variable: then each request's variables decide its limits. */
function pageSizeFromVariables(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Argument(argument) {
      if ((argument.name.value === "first" || argument.name.value === "last") && argument.value.kind !== Kind.INT) {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** The first limit the operation breaks, as the error the client receives; null when it keeps to all of them. */
export function limitError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
  limits: OperationLimits,
): GantryError | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
  }
  const operation = operations.length === 1 ? operations[0] : operations.find((op) => op.name?.value === operationName);
  if (!operation) return null;
  const shape = operationShape(operation, fragments, variables, limits.maxPageSize);
  const refuse = (limit: string, message: string, details: Record<string, unknown>) =>
    new GantryError("BAD_USER_INPUT", message, { limit, ...details });
  if (shape.oversizedPage) {
    const { field, size } = shape.oversizedPage;
    return refuse(
      "PAGE_SIZE",
      `${field} asks for ${size} items; a page holds at most ${limits.maxPageSize}. Page through with after/before.`,
      { maxPageSize: limits.maxPageSize },
    );
  }
  if (shape.depth > limits.maxDepth) {
    return refuse("DEPTH", `This operation nests fields ${shape.depth} deep, above the limit of ${limits.maxDepth}.`, {
      depth: shape.depth,
      maxDepth: limits.maxDepth,
    });
  }
  if (shape.aliases > limits.maxAliases) {
    return refuse(
      "ALIASES",
      `This operation uses ${shape.aliases} aliases, above the limit of ${limits.maxAliases}. Send fewer at once.`,
      { aliases: shape.aliases, maxAliases: limits.maxAliases },
    );
  }
  const complexity = operationComplexity(schema, document, operationName, variables);
  if (complexity > limits.maxComplexity) {
    return refuse(
      "COMPLEXITY",
      `This operation's complexity is ${complexity}, above the limit of ${limits.maxComplexity}. Ask for smaller pages (first/last) or fewer nested lists.`,
      { complexity, maxComplexity: limits.maxComplexity },
    );
  }
  return null;
}

/**
 * A Yoga plugin refusing, before anything runs, an operation above the limits: the answer is a
 * GraphQL error whose extensions carry code BAD_USER_INPUT, the limit broken and its value.
 */
export function operationLimitsPlugin(limits: OperationLimits): Plugin {
  // Operations found within the limits, when no variable can change that: a board's moves send one
  // document again and again (B2), and Yoga's parser cache hands back the same document for the same text.
  const withinLimits = new WeakMap<DocumentNode, Set<string>>();
  const check = (args: {
    schema: GraphQLSchema;
    document: DocumentNode;
    operationName?: string | null;
    variableValues?: Record<string, unknown> | null;
  }) => {
    const name = args.operationName ?? "";
    if (withinLimits.get(args.document)?.has(name)) return null;
    const error = limitError(args.schema, args.document, name || undefined, args.variableValues ?? {}, limits);
    if (!error && !pageSizeFromVariables(args.document)) {
      const names = withinLimits.get(args.document) ?? new Set<string>();
      withinLimits.set(args.document, names.add(name));
    }
    return error;
  };
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
