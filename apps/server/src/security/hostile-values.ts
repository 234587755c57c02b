import fc from "fast-check";
import {
  type GraphQLEnumType,
  type GraphQLInputType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from "graphql";

/**
 * Strings a hostile or careless client sends: unicode edge cases (lone surrogates, RTL overrides,
 * zero-width and combining marks, NUL), number-like text, markup and SQL, and a 1 MB string.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "\uD800",
  "a\uDC00b",
  "\u202Eevil\u202C",
  "\u200B\u200C\u200D\uFEFF",
  "e\u0301\u0301\u0301\u0301",
  "nul\u0000byte",
  "NaN",
  "-0",
  "1e309",
  "Infinity",
  "9007199254740993",
  "<img src=x onerror=alert(1)>",
  "'; drop table users; --",
  "../../etc/passwd",
  "🏳️‍🌈👩‍👩‍👧‍👦",
  "x".repeat(10_000),
  "y".repeat(1_000_000),
];

const HOSTILE_INTS = [0, -1, 2147483647, -2147483648, 1, 100000];
const WRONG_TYPED: readonly unknown[] = [{}, [], true, 1.5, "1", Number.MAX_SAFE_INTEGER, { nested: null }];

/**
 * Values for one GraphQL input type, hostile in content. Well-typed values reach the resolvers;
 * with `wrongTypes`, some are of the wrong type or null where null is not allowed, which GraphQL
 * itself must refuse cleanly. `ids` are real ids of the fuzzing workspace, so some calls get past
 * "not found".
 */
export function hostileValue(
  type: GraphQLInputType,
  ids: readonly string[],
  wrongTypes: boolean,
  depth = 0,
): fc.Arbitrary<unknown> {
  const wellTyped = wellTypedValue(getNullableType(type) as GraphQLInputType, ids, wrongTypes, depth);
  const nullable = !isNonNullType(type);
  if (!wrongTypes) return nullable ? fc.oneof({ weight: 4, arbitrary: wellTyped }, fc.constant(null)) : wellTyped;
  return fc.oneof(
    { weight: 8, arbitrary: wellTyped },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPED) },
  );
}

function wellTypedValue(
  type: GraphQLInputType,
  ids: readonly string[],
  wrongTypes: boolean,
  depth: number,
): fc.Arbitrary<unknown> {
  if (isListType(type)) {
    // Deep lists of input objects would make runs slow without finding more.
    const item = hostileValue(type.ofType, ids, wrongTypes, depth + 1);
    return depth > 2 ? fc.constant([]) : fc.array(item, { maxLength: 3 });
  }
  if (isInputObjectType(type)) {
    if (depth > 3) return fc.constant({});
    const fields = Object.values(type.getFields());
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const field of fields) record[field.name] = hostileValue(field.type, ids, wrongTypes, depth + 1);
    const required = fields.filter((field) => isNonNullType(field.type)).map((field) => field.name);
    return fc.record(record, { requiredKeys: required });
  }
  if (isEnumType(type)) return enumValue(type);
  if (isScalarType(type)) return scalarValue(type.name, ids);
  return fc.constant(null);
}

function enumValue(type: GraphQLEnumType): fc.Arbitrary<unknown> {
  const names = type.getValues().map((value) => value.name);
  return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, fc.constant("NOT_A_MEMBER"));
}

function scalarValue(name: string, ids: readonly string[]): fc.Arbitrary<unknown> {
  const strings = fc.constantFrom(...HOSTILE_STRINGS);
  switch (name) {
    case "Int":
      return fc.oneof(fc.constantFrom(...HOSTILE_INTS), fc.integer());
    case "BigInt":
      return fc.oneof(fc.constantFrom(...HOSTILE_INTS, 2 ** 53, "9007199254740993", "12abc"), fc.integer(), strings);
    case "Float":
      return fc.oneof(fc.constantFrom(0, -0, 1e308, -1e308, 0.1), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case "Boolean":
      return fc.boolean();
    case "ID":
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ids) },
        { weight: 1, arbitrary: strings },
        {
          weight: 1,
          arbitrary: fc.constantFrom("SXNzdWU6bm9wZQ==", "V29ya3NwYWNlOi0x", "00000000-0000-0000-0000-000000000000"),
        },
      );
    case "ISO8601Date":
      return fc.oneof(fc.constantFrom("2026-02-30", "0000-00-00", "9999-12-31", "2026-11-23"), strings);
    case "ISO8601DateTime":
      return fc.oneof(
        fc.constantFrom("2026-11-23T25:00:00Z", "275760-09-13T00:00:00Z", "2026-11-23T10:00:00Z"),
        strings,
      );
    case "JSON":
      return fc.oneof(fc.jsonValue({ maxDepth: 3 }), strings);
    default:
      return strings;
  }
}
