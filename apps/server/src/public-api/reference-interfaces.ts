import { MapperKind, mapSchema } from "@graphql-tools/utils";
import { GraphQLObjectType, type GraphQLSchema, isInterfaceType } from "graphql";

/**
 * Interfaces the reference gives these types and the public schema can only give them once every field is there
 * (served fields come in with the reference surface): `Timestamps` on labels and issue types, `BaseIssueType` on
 * issue type options. Each is added only when the type has all of the interface's fields.
 */
const REFERENCE_INTERFACES: Record<string, string[]> = {
  Label: ["Timestamps"],
  GantryLabel: ["Timestamps"],
  GithubIssueType: ["Timestamps"],
  GantryIssueType: ["Timestamps"],
  IssueTypeOption: ["BaseIssueType", "Timestamps"],
};

export function withReferenceInterfaces(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_TYPE]: (type) => {
      const wanted = REFERENCE_INTERFACES[type.name];
      if (!wanted) return type;
      const config = type.toConfig();
      const has = new Set(config.interfaces.map((face) => face.name));
      const added = wanted.flatMap((name) => {
        const face = schema.getType(name);
        if (!isInterfaceType(face) || has.has(name)) return [];
        const complete = Object.keys(face.getFields()).every((field) => field in config.fields);
        return complete ? [face] : [];
      });
      return added.length ? new GraphQLObjectType({ ...config, interfaces: [...config.interfaces, ...added] }) : type;
    },
  });
}
