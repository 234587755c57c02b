import { MapperKind, mapSchema } from "@graphql-tools/utils";
import { PothosValidationError } from "@pothos/core";
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from "graphql";
import { GantryError } from "../graphql/errors.js";

const CURSOR_ARGUMENTS = ["after", "before"] as const;

/** Pothos' words for a cursor it cannot read: not base64, or not one of its offset cursors. */
const isCursorError = (error: unknown): boolean =>
  error instanceof PothosValidationError &&
  (error.message === "Invalid base64 string" || error.message.startsWith("Invalid offset cursor"));

/** Whether Pothos reads the value as one of its offset cursors (what every paged list it answers hands out). */
function isOffsetCursor(value: string): boolean {
  if (!/^(?:[\d+/A-Za-z]{4})*(?:[\d+/A-Za-z]{2}==|[\d+/A-Za-z]{3}=)?$/.test(value)) return false;
  return /^OffsetConnection:\d+$/.test(Buffer.from(value, "base64").toString());
}

/**
 * A cursor a connection did not hand out answered Pothos' "Invalid base64 string", naming neither the argument
 * nor what to pass. On the public endpoints it is a clear error naming the argument (`field` says which).
 */
export function withCursorErrors(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field) => {
      if (!CURSOR_ARGUMENTS.some((name) => field.args?.[name])) return field;
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      const explained = (error: unknown, args: Record<string, unknown>) => {
        if (!isCursorError(error)) return error;
        const given = CURSOR_ARGUMENTS.filter((name) => typeof args[name] === "string");
        const bad = given.find((name) => !isOffsetCursor(args[name] as string)) ?? given[0] ?? "after";
        return new GantryError(
          "BAD_USER_INPUT",
          `\`${bad}\` is not a cursor this list gave out: pass an edge's \`cursor\` or \`pageInfo\`'s \`endCursor\`/\`startCursor\`.`,
          { field: bad },
        );
      };
      return {
        ...field,
        resolve: (source, args: Record<string, unknown>, context, info) => {
          try {
            const value = resolve(source, args, context, info);
            return value instanceof Promise
              ? value.catch((error: unknown) => {
                  throw explained(error, args);
                })
              : value;
          } catch (error) {
            throw explained(error, args);
          }
        },
      };
    },
  });
}
