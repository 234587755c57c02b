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
 * An operation's complexity, counted as GitHub counts its node limit: every object it may return (a field of
 * object, interface or union type, once for each parent it may be read on), a connection multiplying what is
 * under it by the page it asks for (`first`/`last`, else 20). Scalars and enums are free, as on GitHub, so a
 * client asking for more fields of the same objects pays nothing more: the cost is the rows read, not the
 * columns. `{ workspace { issues(first: 100) { nodes { id title } } } }` is 1 + 1 + 100 = 102. Root fields count
 * at least 1 (a mutation answering a scalar still runs). Unknown fields count 1, left to validation to refuse.
 * ZenHub documents no such cap (its limits are processing time and concurrency, rate-limit.ts); the cap is ours,
 * set so that real clients' operations at their default page sizes fit (docs/api/README.md, decision 0068).
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
        const named = definition ? getNamedType(definition.type) : undefined;
        const childType = named && isCompositeType(named) ? named : undefined;
        if (childType || !definition || type === root) total += multiplier;
        if (selection.selectionSet) {
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
