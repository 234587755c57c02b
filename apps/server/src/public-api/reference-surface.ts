import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MapperKind, mapSchema } from "@graphql-tools/utils";
import {
  buildASTSchema,
  type GraphQLField,
  type GraphQLFieldConfig,
  type GraphQLFieldResolver,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  visit,
} from "graphql";
import { GantryError } from "../graphql/errors.js";
import { servedReferenceField } from "./served-fields/index.js";
import { zenhubOnlyConcept } from "./zenhub-only-concepts.js";

/** ZenHub's published schema, kept with the stand-in (the same depth from src/ and dist/). */
const REFERENCE_PATH = fileURLToPath(
  new URL("../../../zenhub-stand-in/reference/zenhub-public-schema.graphql", import.meta.url),
);

/** The reference's names written as Gantry's public endpoint writes them (`ZenhubEpic` → `GantryEpic`). */
export const gantryName = (name: string): string => name.replaceAll("Zenhub", "Gantry").replaceAll("zenhub", "gantry");

/** Where a description says a field is served for a ZenHub-only concept; scripts/api-compatibility.mjs reads it. */
export const NOT_OFFERED_PREFIX = "Not offered by Gantry:";

let referenceInGantryNames: GraphQLSchema | undefined;

/** The reference schema with every name (types, fields, arguments, enum values) in Gantry's words. */
export function referenceSchema(): GraphQLSchema {
  referenceInGantryNames ??= buildASTSchema(
    visit(parse(readFileSync(REFERENCE_PATH, "utf8")), {
      Name: (node) => ({ ...node, value: gantryName(node.value) }),
    }),
  );
  return referenceInGantryNames;
}

/** What a field of a concept Gantry does not have answers: the reference's empty value for its type. */
export function emptyValueResolver(
  field: GraphQLField<unknown, unknown>,
  reason: string,
): GraphQLFieldResolver<unknown, unknown> {
  if (!isNonNullType(field.type)) return () => null;
  const inner = getNullableType(field.type);
  if (isListType(inner)) return () => [];
  const named = getNamedType(inner);
  if (isObjectType(named) && named.name.endsWith("Connection")) {
    return () => ({
      edges: [],
      nodes: [],
      totalCount: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  }
  // A flag or a count of something Gantry does not have is false or 0; anything else has no empty value.
  if (isScalarType(named) && named.name === "Boolean") return () => false;
  if (isScalarType(named) && (named.name === "Int" || named.name === "Float")) return () => 0;
  return () => {
    throw new GantryError("BAD_USER_INPUT", reason, { notOffered: true });
  };
}

function notOfferedMutation(reason: string): GraphQLFieldResolver<unknown, unknown> {
  return () => {
    throw new GantryError("BAD_USER_INPUT", reason, { notOffered: true });
  };
}

/**
 * The reference's fields for ZenHub-only concepts (projects, key dates, automations, …: zenhub-only-concepts.ts),
 * added to the public schema with the reference's own types so clients validate: queries and fields answer the
 * reference's empty value, mutations a clear error naming the concept, with nothing written. Input fields and
 * arguments of such concepts are accepted by validation and refused with the same message when given.
 * Fields Gantry has a meaning for whose types the web app does not use are added here too, with the reference's
 * own types and Gantry's resolvers (served-fields/); the rest get real resolvers in the one schema, or stay
 * missing (and the compatibility report says so).
 */
export function withReferenceSurface(schema: GraphQLSchema): GraphQLSchema {
  const ref = referenceSchema();
  /** Input type → input field → why it is refused when given. */
  const refusedInputFields = new Map<string, Map<string, string>>();
  /** "Type.field" → argument → why it is refused when given. */
  const refusedArguments = new Map<string, Map<string, string>>();

  const added = mapSchema(schema, {
    [MapperKind.OBJECT_TYPE]: (type) => {
      const theirs = ref.getType(type.name);
      if (!isObjectType(theirs)) return type;
      const config = type.toConfig();
      let changed = false;
      for (const field of Object.values(theirs.getFields())) {
        const reason = zenhubOnlyConcept(type.name, field.name);
        const ours = config.fields[field.name];
        if (ours) {
          changed = addRefusedArguments(type.name, field, ours, refusedArguments) || changed;
          const asInt = intWhereTheReferenceHasInt(ours, field);
          if (asInt) {
            config.fields[field.name] = asInt;
            changed = true;
          }
          continue;
        }
        const fieldConfig = theirs.toConfig().fields[field.name] as GraphQLFieldConfig<unknown, unknown>;
        const served = servedReferenceField(type.name, field.name);
        if (served) {
          config.fields[field.name] = {
            ...fieldConfig,
            description: served.description ?? fieldConfig.description,
            resolve: served.resolve as GraphQLFieldResolver<unknown, unknown>,
          };
          changed = true;
          continue;
        }
        if (!reason) continue;
        config.fields[field.name] = {
          ...fieldConfig,
          description: `${NOT_OFFERED_PREFIX} ${reason}`,
          resolve: type.name === "Mutation" ? notOfferedMutation(reason) : emptyValueResolver(field, reason),
        };
        changed = true;
      }
      return changed ? new GraphQLObjectType(config) : type;
    },
    [MapperKind.INTERFACE_TYPE]: (type) => {
      const theirs = ref.getType(type.name);
      if (!isInterfaceType(theirs)) return type;
      const config = type.toConfig();
      let changed = false;
      for (const field of Object.values(theirs.getFields())) {
        if (config.fields[field.name] || !zenhubOnlyConcept(type.name, field.name)) continue;
        config.fields[field.name] = theirs.toConfig().fields[field.name] as GraphQLFieldConfig<unknown, unknown>;
        changed = true;
      }
      return changed ? new GraphQLInterfaceType(config) : type;
    },
    [MapperKind.INPUT_OBJECT_TYPE]: (type) => {
      const theirs = ref.getType(type.name);
      if (!isInputObjectType(theirs)) return type;
      const config = type.toConfig();
      let changed = false;
      for (const field of Object.values(theirs.getFields())) {
        const reason = zenhubOnlyConcept(type.name, field.name);
        if (config.fields[field.name] || !reason) continue;
        const inputField = theirs.toConfig().fields[field.name];
        if (!inputField) continue;
        config.fields[field.name] = {
          ...inputField,
          type: nullable(inputField.type),
          description: `${NOT_OFFERED_PREFIX} ${reason}`,
        };
        const refused = refusedInputFields.get(type.name) ?? new Map<string, string>();
        refused.set(field.name, reason);
        refusedInputFields.set(type.name, refused);
        changed = true;
      }
      return changed ? new GraphQLInputObjectType(config) : type;
    },
  });
  return refusingWhenGiven(added, refusedInputFields, refusedArguments);
}

/**
 * GitHub's ids are kept as BigInt (they pass 2^31), but the reference types some `Int` and clients declare them so:
 * served as `Int`, an id that does not fit answers GraphQL's clear "Int cannot represent …" error for that field.
 */
function intWhereTheReferenceHasInt(
  ours: GraphQLFieldConfig<unknown, unknown>,
  theirs: GraphQLField<unknown, unknown>,
): GraphQLFieldConfig<unknown, unknown> | null {
  if (getNamedType(ours.type).name !== "BigInt" || getNamedType(theirs.type).name !== "Int") return null;
  if (isListType(getNullableType(ours.type))) return null;
  return { ...ours, type: isNonNullType(ours.type) ? new GraphQLNonNull(GraphQLInt) : GraphQLInt };
}

/** An input the reference requires but Gantry cannot honour is optional here: leaving it out is the only honest use. */
function nullable(type: GraphQLInputType): GraphQLInputType {
  return isNonNullType(type) ? (type.ofType as GraphQLInputType) : type;
}

/** A ZenHub-only argument of a field Gantry has: accepted by validation, refused when given. */
function addRefusedArguments(
  typeName: string,
  theirs: GraphQLField<unknown, unknown>,
  ours: GraphQLFieldConfig<unknown, unknown>,
  refusedArguments: Map<string, Map<string, string>>,
): boolean {
  let changed = false;
  for (const arg of theirs.args) {
    const reason = zenhubOnlyConcept(typeName, `${theirs.name}(${arg.name})`);
    if (!reason || ours.args?.[arg.name]) continue;
    ours.args = {
      ...ours.args,
      [arg.name]: { type: nullable(arg.type), description: `${NOT_OFFERED_PREFIX} ${reason}` },
    };
    const refused = refusedArguments.get(`${typeName}.${theirs.name}`) ?? new Map<string, string>();
    refused.set(arg.name, reason);
    refusedArguments.set(`${typeName}.${theirs.name}`, refused);
    changed = true;
  }
  return changed;
}

/** Wraps every field whose arguments may carry a refused input field or are refused arguments. */
function refusingWhenGiven(
  schema: GraphQLSchema,
  refusedInputFields: Map<string, Map<string, string>>,
  refusedArguments: Map<string, Map<string, string>>,
): GraphQLSchema {
  if (refusedInputFields.size === 0 && refusedArguments.size === 0) return schema;
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) => {
      const refusedHere = refusedArguments.get(`${typeName}.${fieldName}`);
      const checked = Object.entries(field.args ?? {}).filter(([, arg]) =>
        reaches(arg.type, refusedInputFields, new Set()),
      );
      if (!refusedHere && checked.length === 0) return field;
      const resolve = field.resolve;
      return {
        ...field,
        resolve: (source, args: Record<string, unknown>, context, info) => {
          for (const [name, reason] of refusedHere ?? []) {
            if (args[name] !== undefined && args[name] !== null)
              throw new GantryError("BAD_USER_INPUT", reason, { field: name });
          }
          for (const [name, arg] of checked) refuseGiven(arg.type, args[name], refusedInputFields, name);
          return resolve ? resolve(source, args, context, info) : (source as Record<string, unknown>)[fieldName];
        },
      };
    },
  });
}

function reaches(type: GraphQLInputType, refused: Map<string, Map<string, string>>, seen: Set<string>): boolean {
  const named = getNamedType(type);
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  if (refused.has(named.name)) return true;
  return Object.values(named.getFields()).some((field) => reaches(field.type, refused, seen));
}

function refuseGiven(type: GraphQLInputType, value: unknown, refused: Map<string, Map<string, string>>, path: string) {
  if (value === null || value === undefined) return;
  const inner = getNullableType(type);
  if (isListType(inner)) {
    if (Array.isArray(value))
      for (const item of value) refuseGiven(inner.ofType as GraphQLInputType, item, refused, path);
    return;
  }
  if (!isInputObjectType(inner)) return;
  const object = value as Record<string, unknown>;
  const here = refused.get(inner.name);
  for (const [name, field] of Object.entries(inner.getFields())) {
    if (object[name] === undefined || object[name] === null) continue;
    const reason = here?.get(name);
    if (reason) throw new GantryError("BAD_USER_INPUT", reason, { field: `${path}.${name}` });
    refuseGiven(field.type, object[name], refused, `${path}.${name}`);
  }
}
