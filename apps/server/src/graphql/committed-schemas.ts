import { type GraphQLSchema, lexicographicSortSchema } from "graphql";
import { servedPublicSchemas } from "../public-api/public-schema.js";
import { schema } from "./schema.js";

/**
 * The schemas committed beside the server (apps/server/*.graphql): the web app's and the two public views,
 * the views sorted as the builder sorts the web app's (their added types would otherwise land mid-file).
 */
export function committedSchemas(): { file: string; schema: GraphQLSchema }[] {
  const { gantry, zenhub } = servedPublicSchemas();
  return [
    { file: "schema.graphql", schema },
    { file: "public-schema.graphql", schema: lexicographicSortSchema(gantry) },
    { file: "public-zenhub-schema.graphql", schema: lexicographicSortSchema(zenhub) },
  ];
}
