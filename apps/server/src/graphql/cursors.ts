import { MapperKind, mapSchema } from "@graphql-tools/utils";
import { decodeBase64, PothosValidationError } from "@pothos/core";
import {
  defaultFieldResolver,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
} from "graphql";
import { GantryError } from "./errors.js";

const CURSOR_ARGUMENTS = ["after", "before"] as const;
type CursorArgument = (typeof CURSOR_ARGUMENTS)[number];

/** Pothos' offset cursors (resolveOffsetConnection, arrayConnection): base64 of `OffsetConnection:<index>`. */
const OFFSET_CURSOR = /^OffsetConnection:(0|[1-9]\d*)$/;

/** The answer to a cursor the API did not give out, whichever connection it was sent to. */
export function badCursor(argument: CursorArgument): GantryError {
  return new GantryError(
    "BAD_USER_INPUT",
    `\`${argument}\` is not a cursor this API gave out: send a page's pageInfo.endCursor or startCursor, or an edge's cursor, unchanged.`,
    { field: argument },
  );
}

function isOffsetCursor(value: string): boolean {
  try {
    return OFFSET_CURSOR.test(decodeBase64(value));
  } catch {
    return false;
  }
}

/** A keyset cursor (planning's strategic items, the audit log): base64url of a JSON list of the last row's keys. */
function isKeysetCursor(value: string): boolean {
  if (!/^[\w-]+$/.test(value)) return false;
  try {
    return Array.isArray(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
  } catch {
    return false;
  }
}

/** Pothos' own complaint about a cursor its offset connections cannot read (a keyset cursor sent to one). */
const isPothosCursorError = (error: unknown): boolean =>
  error instanceof PothosValidationError &&
  (error.message === "Invalid base64 string" || error.message.startsWith("Invalid offset cursor"));

function cursorArguments(args: Record<string, unknown>): [CursorArgument, string][] {
  const given: [CursorArgument, string][] = [];
  for (const name of CURSOR_ARGUMENTS) {
    const value = args[name];
    // An empty cursor is no cursor, as Pothos reads it.
    if (typeof value === "string" && value !== "") given.push([name, value]);
  }
  return given;
}

const checked = new WeakSet<GraphQLFieldResolver<unknown, unknown>>();

/**
 * Every connection field (a type with edges and pageInfo, taking `after` or `before`) answers a cursor it did not
 * give out as one clear error naming the argument, before anything is read: a cursor of neither shape the API
 * makes is refused up front, and one of the other shape (a keyset cursor sent to an offset connection) when Pothos
 * cannot read it. Keyset connections check their cursor's keys themselves, with `badCursor` too.
 */
export function withCursorChecks(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field) => {
      const type = getNamedType(field.type);
      const isConnection = isObjectType(type) && "edges" in type.getFields() && "pageInfo" in type.getFields();
      if (!isConnection || !CURSOR_ARGUMENTS.some((name) => field.args?.[name])) return field;
      const resolve = field.resolve ?? defaultFieldResolver;
      if (checked.has(resolve)) return field;
      const refused = (error: unknown, args: Record<string, unknown>): unknown => {
        if (!isPothosCursorError(error)) return error;
        const [name] = cursorArguments(args).find(([, value]) => !isOffsetCursor(value)) ?? ["after"];
        return badCursor(name);
      };
      const wrapped: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
        for (const [name, value] of cursorArguments(args)) {
          if (!isOffsetCursor(value) && !isKeysetCursor(value)) throw badCursor(name);
        }
        try {
          const result = resolve(source, args, context, info);
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw refused(error, args);
              })
            : result;
        } catch (error) {
          throw refused(error, args);
        }
      };
      checked.add(wrapped);
      return { ...field, resolve: wrapped };
    },
  });
}
