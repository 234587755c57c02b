import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  valueFromASTUntyped,
} from "graphql";

/** What a connection returns when neither `first` nor `last` is given (Pothos's default page size). */
export const DEFAULT_PAGE_SIZE = 20;

/**
 * An operation's complexity, in the style of GitHub's node limit: every field counts once for each
 * object it may be read on, and a connection multiplies what is under it by the page it asks for
 * (`first`/`last`, else 20). `{ workspace { issues(first: 100) { nodes { id title } } } }` is
 * 1 + 1 + 100 + 100 × 2 = 302. Unknown fields count 1 and are left to validation to refuse.
 */
export function operationComplexity(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operations.length === 1 ? operations[0] : operations.find((op) => op.name?.value === operationName);
  if (!operation) return 0;
  const root =
    operation.operation === "mutation"
      ? schema.getMutationType()
      : operation.operation === "subscription"
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return 0;

  const pageSize = (field: FieldNode, definition: GraphQLField<unknown, unknown> | undefined): number => {
    if (!definition?.args.some((arg) => arg.name === "first" || arg.name === "last")) return 1;
    for (const argument of field.arguments ?? []) {
      if (argument.name.value !== "first" && argument.name.value !== "last") continue;
      const value = valueFromASTUntyped(argument.value, variables);
      if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
    }
    return DEFAULT_PAGE_SIZE;
  };

  const walk = (
    selectionSet: SelectionSetNode,
    type: GraphQLCompositeType | undefined,
    multiplier: number,
    seen: ReadonlySet<string>,
  ): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith("__")) continue;
        const definition =
          type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[selection.name.value] : undefined;
        total += multiplier;
        if (selection.selectionSet) {
          const named = definition ? getNamedType(definition.type) : undefined;
          const childType = named && isCompositeType(named) ? named : undefined;
          total += walk(selection.selectionSet, childType, multiplier * pageSize(selection, definition), seen);
        }
      } else {
        const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
        // A fragment spread inside itself is refused by validation; here it just stops counting.
        if (!fragment || (selection.kind === Kind.FRAGMENT_SPREAD && seen.has(selection.name.value))) continue;
        const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
        const fragmentType = condition && isCompositeType(condition) ? condition : undefined;
        const nextSeen = selection.kind === Kind.FRAGMENT_SPREAD ? new Set([...seen, selection.name.value]) : seen;
        total += walk(fragment.selectionSet, fragmentType, multiplier, nextSeen);
      }
    }
    return total;
  };
  return walk(operation.selectionSet, root, 1, new Set());
}
