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
import type { GraphQLSchema } from "graphql";

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
    ],
  });
}
