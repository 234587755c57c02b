import { MapperKind, mapSchema } from "@graphql-tools/utils";
import {
  defaultFieldResolver,
  type GraphQLFieldConfig,
  type GraphQLFieldResolver,
  GraphQLObjectType,
  type GraphQLSchema,
  isObjectType,
} from "graphql";
import type { StrategicItem } from "../planning/strategic-issues.js";
import { referenceSchema } from "./reference-surface.js";

const ITEM = "StrategicIssueSearchItem";

/**
 * The reference's `StrategicIssueSearchItem` repeats its issue's fields (deprecated there for `issue`, which
 * clients written before it still read): here each is `Issue`'s own field, with its arguments and resolver, read
 * on the item's issue, so the two cannot answer differently. Runs before the reference typing, which then types
 * these fields as it types `Issue`'s and gives the item the interfaces they make it implement.
 */
export function withStrategicItemsAsIssues(schema: GraphQLSchema): GraphQLSchema {
  const issue = schema.getType("Issue");
  const theirs = referenceSchema().getType(ITEM);
  if (!isObjectType(issue) || !isObjectType(theirs)) return schema;
  const issueFields = issue.toConfig().fields;
  return mapSchema(schema, {
    [MapperKind.OBJECT_TYPE]: (type) => {
      if (type.name !== ITEM) return type;
      const config = type.toConfig();
      const fields = { ...config.fields };
      for (const field of Object.values(theirs.getFields())) {
        const ofIssue = issueFields[field.name];
        if (fields[field.name] || !ofIssue) continue;
        fields[field.name] = readOnIssue(ofIssue, field.deprecationReason);
      }
      return new GraphQLObjectType({ ...config, fields });
    },
  });
}

function readOnIssue(
  field: GraphQLFieldConfig<unknown, unknown>,
  deprecationReason: string | null | undefined,
): GraphQLFieldConfig<StrategicItem, unknown> {
  const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
  return {
    ...field,
    deprecationReason: deprecationReason ?? field.deprecationReason,
    resolve: (item, args, context, info) => resolve(item.issue, args, context, info),
  };
}
