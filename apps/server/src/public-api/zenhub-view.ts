import {
  RenameInputObjectFields,
  RenameInterfaceFields,
  RenameObjectFieldArguments,
  RenameObjectFields,
  RenameRootFields,
  RenameTypes,
  TransformEnumValues,
  wrapSchema,
} from "@graphql-tools/wrap";
import {
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
} from "graphql";

/** Gantry's names written as the reference (ZenHub) writes them: `GantryEpic` → `ZenhubEpic`, `gantryEpicIds` → `zenhubEpicIds`. */
export const zenhubName = (name: string): string => name.replaceAll("Gantry", "Zenhub").replaceAll("gantry", "zenhub");

/**
 * The public schema under the reference's own names, for scripts written against ZenHub: the same fields,
 * resolvers and permissions, renamed on the way in and out by @graphql-tools/wrap's transforms, so there is
 * one schema to keep and this view cannot drift from it (decision 0068).
 */
export function zenhubViewOf(publicSchema: GraphQLSchema): GraphQLSchema {
  const renamed = (name: string) => {
    const next = zenhubName(name);
    return next === name ? undefined : next;
  };
  return wrapSchema({
    schema: publicSchema,
    transforms: [
      new RenameTypes((name) => renamed(name)),
      new RenameRootFields((_operation, name) => zenhubName(name)),
      new RenameObjectFields((_type, name) => zenhubName(name)),
      new RenameInterfaceFields((_type, name) => zenhubName(name)),
      new RenameObjectFieldArguments((_type, _field, name) => zenhubName(name)),
      new RenameInputObjectFields((_type, name) => zenhubName(name)),
      new TransformEnumValues((_type, value, config) => [zenhubName(value), config]),
      { transformResult: errorsRenamedBy(renamedNames(publicSchema)) },
    ],
  });
}

/** Every name of the schema the view renames: its types, fields, arguments, input fields and enum values. */
function renamedNames(schema: GraphQLSchema): Set<string> {
  const names = new Set<string>();
  const add = (name: string) => {
    if (zenhubName(name) !== name) names.add(name);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    add(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        add(field.name);
        for (const arg of "args" in field ? field.args : []) add(arg.name);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) add(value.name);
  }
  return names;
}

/**
 * Errors naming the schema's names (`Expected the id of a GantryEpic.`, `{ field: "gantryLabelIds" }`) name them
 * as this view does: every message, whoever wrote it, without a ZenHub wording of each. Only whole schema names
 * change, so a sentence about Gantry itself keeps its word.
 */
function errorsRenamedBy(names: Set<string>): (result: ExecutionResult) => ExecutionResult {
  const longestFirst = [...names].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`\\b(?:${longestFirst.join("|")})\\b`, "g");
  const rename = (text: string) => text.replace(pattern, zenhubName);
  const renamed = (error: GraphQLError): GraphQLError => {
    const field = error.extensions.field;
    const message = rename(error.message);
    const renamedField = typeof field === "string" ? rename(field) : field;
    if (message === error.message && renamedField === field) return error;
    return new GraphQLError(message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: error.originalError,
      extensions: renamedField === field ? error.extensions : { ...error.extensions, field: renamedField },
    });
  };
  return (result) => (result.errors ? { ...result, errors: result.errors.map(renamed) } : result);
}
