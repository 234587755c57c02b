import { MapperKind, mapSchema } from "@graphql-tools/utils";
import {
  type FieldNode,
  type GraphQLFieldConfig,
  GraphQLInputObjectType,
  GraphQLObjectType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  GraphQLString,
  getArgumentValues,
  getNamedType,
  isInputObjectType,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from "graphql";

const FIELD = "clientMutationId";

/** The root mutation field whose payload is being resolved, as the operation wrote it (alias or name). */
function mutationFieldNode(info: GraphQLResolveInfo, responseKey: string): FieldNode | undefined {
  const search = (selectionSet: SelectionSetNode): FieldNode | undefined => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if ((selection.alias ?? selection.name).value === responseKey) return selection;
        continue;
      }
      const inner = selection.kind === Kind.INLINE_FRAGMENT ? selection : info.fragments[selection.name.value];
      const found = inner && search(inner.selectionSet);
      if (found) return found;
    }
    return undefined;
  };
  return search(info.operation.selectionSet);
}

/** A payload's clientMutationId: the one its mutation's input was given, read back from the operation. */
function echoedClientMutationId(_payload: unknown, _args: unknown, _context: unknown, info: GraphQLResolveInfo) {
  const root = info.path.prev;
  const mutation = info.schema.getMutationType();
  if (info.operation.operation !== "mutation" || !root || root.prev || !mutation) return null;
  const node = mutationFieldNode(info, String(root.key));
  const definition = node && mutation.getFields()[node.name.value];
  if (!node || !definition) return null;
  const input = getArgumentValues(definition, node, info.variableValues).input as Record<string, unknown> | undefined;
  const value = input?.[FIELD];
  return typeof value === "string" ? value : null;
}

/**
 * Every mutation takes `input.clientMutationId: String` and answers it in its payload, as in the
 * reference schema, whose clients send one to match answers to requests. Done once on the built
 * schema rather than on each of the ~90 mutations; a resolver whose input did not declare the field
 * never sees it, so no mutation mistakes it for one of its own inputs.
 */
export function withClientMutationIds(schema: GraphQLSchema): GraphQLSchema {
  const inputsToExtend = new Set<string>();
  const payloadsToExtend = new Set<string>();
  const mutationsToStrip = new Set<string>();
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const input = field.args.find((arg) => arg.name === "input");
    const inputType = input && getNamedType(input.type);
    const payload = getNamedType(field.type);
    if (!inputType || !isInputObjectType(inputType) || !isObjectType(payload)) continue;
    if (!inputType.getFields()[FIELD]) {
      inputsToExtend.add(inputType.name);
      mutationsToStrip.add(field.name);
    }
    if (!payload.getFields()[FIELD]) payloadsToExtend.add(payload.name);
  }
  const description = "The client's own id for this mutation, answered back in the payload.";
  return mapSchema(schema, {
    [MapperKind.INPUT_OBJECT_TYPE]: (type) => {
      if (!inputsToExtend.has(type.name)) return type;
      const config = type.toConfig();
      return new GraphQLInputObjectType({
        ...config,
        fields: { ...config.fields, [FIELD]: { type: GraphQLString, description } },
      });
    },
    [MapperKind.OBJECT_TYPE]: (type) => {
      if (!payloadsToExtend.has(type.name)) return type;
      const config = type.toConfig();
      return new GraphQLObjectType({
        ...config,
        fields: {
          ...config.fields,
          [FIELD]: { type: GraphQLString, description, resolve: echoedClientMutationId },
        },
      });
    },
    [MapperKind.MUTATION_ROOT_FIELD]: (config, fieldName): GraphQLFieldConfig<unknown, unknown> => {
      const resolve = config.resolve;
      if (!mutationsToStrip.has(fieldName) || !resolve) return config;
      return {
        ...config,
        resolve: (root, args, context, info) => {
          const input = args.input as Record<string, unknown> | undefined;
          if (!input || !(FIELD in input)) return resolve(root, args, context, info);
          const { [FIELD]: _echoed, ...rest } = input;
          return resolve(root, { ...args, input: rest }, context, info);
        },
      };
    },
  });
}
