import { MapperKind, mapSchema } from "@graphql-tools/utils";
import { encodeGlobalID } from "@pothos/plugin-relay";
import {
  defaultFieldResolver,
  GraphQLEnumType,
  type GraphQLEnumValueConfigMap,
  type GraphQLField,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  type GraphQLFieldResolver,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInterfaceType,
  GraphQLList,
  type GraphQLNamedType,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type GraphQLType,
  GraphQLUnionType,
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
} from "graphql";
import { savedViewFiltersFromSearchInput } from "../board/search-input.js";
import { decodeGantryId } from "../graphql/builder.js";
import { GantryError } from "../graphql/errors.js";
import { ownerTypename } from "./owners.js";
import { NO_OWNER_LOGIN } from "./owners-schema.js";
import { NOT_OFFERED_PREFIX, referenceSchema } from "./reference-surface.js";

/** A value of the reference's input type made the value Gantry's resolver reads. */
type Convert = (value: unknown) => unknown;

/** What an input field or argument typed as the reference types it needs before Gantry's resolver sees it. */
interface Conversion {
  convert?: Convert;
  /** Gantry's resolver needs the value though the reference lets a client leave it out. */
  needed?: boolean;
}

interface Typed<T, C = Conversion> {
  type: T;
  conversion: C;
}

/** Gantry's answer made the value the reference's output type reads. */
type Shape = ((value: unknown) => unknown) | undefined;

/**
 * Gantry types reading the same data as another (an epic is an issue row, a repository's import its repository
 * row): an interface field the reference declares that one lacks is read as the other reads it.
 */
const READS_LIKE: Record<string, string> = { Epic: "Issue", RepositoryImport: "Repository" };

interface ReadAs {
  as: string;
  shape: (value: unknown) => unknown;
  /** Where the reference's type is `Owner`: the Owner type the value answers as. */
  asOwner?: (value: unknown) => unknown;
  neverNull?: boolean;
}

/**
 * Gantry types whose data the reference's type reads too: an issue's author, assignee or reviewer and a Gantry
 * user's GitHub account are GitHub users (`User`, public-schema.ts). GitHub shows a deleted account as `ghost`.
 * In an `Owner` position (an issue's author) GitHub's account type decides the type: a `Bot`, a `Mannequin`,
 * or `NoOwner` where GitHub names none (decision 0099).
 */
const READ_AS: Record<string, ReadAs> = {
  IssueUser: {
    as: "User",
    shape: (user) => ({ login: "ghost", avatarUrl: null, ...(user as object), __typename: "User" }),
    asOwner: (user) =>
      user
        ? { ...(user as object), __typename: ownerTypename((user as { type?: string }).type) }
        : { login: NO_OWNER_LOGIN, avatarUrl: null, __typename: "NoOwner" },
    neverNull: true,
  },
  GitHubUser: { as: "User", shape: (user) => user && { ...(user as object), __typename: "User" } },
};

/** Shapes that answer a value for null too (GitHub's `ghost`), so the reference's non-null type holds. */
const NEVER_NULL = new Set<Shape>(
  Object.values(READ_AS).flatMap((read) =>
    read.neverNull ? [read.shape, ...(read.asOwner ? [read.asOwner] : [])] : [],
  ),
);

/**
 * Input types Gantry reads as JSON where the reference has an input object: a saved view's filters are the
 * board's filters (board/saved-views-schema.ts), the reference sends its search filters.
 */
const JSON_FROM_INPUT: Record<string, Convert> = {
  IssueSearchFiltersInput: (value) => savedViewFiltersFromSearchInput(value as Record<string, unknown>),
};

/**
 * Every field, argument and input field Gantry serves, typed as the reference types it (decision 0084): the
 * reference's connection types rather than the per-field ones Pothos names (`IssueConnection`, not
 * `IssueBlockedIssuesConnection`), its nullability, its scalars and enums, and the interfaces and union members
 * it declares. Generic over the reference: a field another part of the schema adds later is typed the same way.
 * Output types are only changed where Gantry's data reads as the new type (a connection as a connection, a payload
 * under the reference's name); inputs typed as the reference are converted to what Gantry's resolvers read
 * (ISO8601Date to its text, one special filter to a list, search filters to the board's JSON filters), and a value
 * Gantry needs that the reference makes optional is refused with a clear message when left out.
 */
export function withReferenceTypes(schema: GraphQLSchema): GraphQLSchema {
  const typing = new ReferenceTyping(schema, referenceSchema());
  const retyped = mapSchema(schema, {
    [MapperKind.OBJECT_TYPE]: (type) => typing.object(type),
    [MapperKind.INPUT_OBJECT_TYPE]: (type) => typing.input(type),
    [MapperKind.ENUM_TYPE]: (type) => typing.enumeration(type),
    [MapperKind.UNION_TYPE]: (type) => typing.union(type),
  });
  return withAliasedNodes(typing.convertingArguments(retyped));
}

class ReferenceTyping {
  /** Reference types Gantry did not have, made from the Gantry type a field answered instead. */
  private readonly created = new Map<string, GraphQLNamedType>();
  /** Input type → input field → conversion. */
  private readonly inputConversions = new Map<string, Map<string, Conversion>>();
  /** "Type.field" → argument → conversion. */
  private readonly argumentConversions = new Map<string, Map<string, Conversion>>();
  /** Enum → values the reference has and Gantry cannot honour when given. */
  private readonly refusedEnumValues = new Map<string, Set<string>>();

  constructor(
    private readonly ours: GraphQLSchema,
    private readonly ref: GraphQLSchema,
  ) {}

  object(type: GraphQLObjectType): GraphQLObjectType {
    const theirs = this.ref.getType(type.name);
    if (!isObjectType(theirs)) return type;
    const config = type.toConfig();
    const fields = this.retypedFields(type.name, theirs, config.fields, config.interfaces);
    const interfaces = [...config.interfaces];
    const like = this.ours.getType(READS_LIKE[type.name] ?? "");
    for (const wanted of theirs.getInterfaces()) {
      if (!isObjectType(like)) break;
      for (const name of Object.keys(wanted.getFields())) {
        const borrowed = like.toConfig().fields[name];
        if (!fields[name] && borrowed) fields[name] = borrowed;
      }
    }
    for (const wanted of theirs.getInterfaces()) {
      if (interfaces.some((i) => i.name === wanted.name) || !implementsAll(fields, wanted)) continue;
      interfaces.push(this.interfaceNamed(wanted));
    }
    return new GraphQLObjectType({ ...config, fields, interfaces });
  }

  input(type: GraphQLInputObjectType): GraphQLInputObjectType {
    const theirs = this.ref.getType(type.name);
    if (!isInputObjectType(theirs)) return type;
    const config = type.toConfig();
    for (const field of Object.values(theirs.getFields())) {
      const ours = config.fields[field.name];
      if (!ours || String(ours.type) === String(field.type)) continue;
      const typed = this.inputType(field.type, ours.type, field.name);
      if (!typed) continue;
      // A value of another type is described as the reference describes it.
      const renamed = getNamedType(typed.type).name !== getNamedType(ours.type).name;
      config.fields[field.name] = {
        ...ours,
        type: typed.type,
        description: renamed ? (field.description ?? ours.description) : ours.description,
      };
      this.record(this.inputConversions, type.name, field.name, typed.conversion);
    }
    return new GraphQLInputObjectType(config);
  }

  /** The reference's values Gantry has no meaning for are accepted by validation and refused when given. */
  enumeration(type: GraphQLEnumType): GraphQLEnumType {
    const theirs = this.ref.getType(type.name);
    if (!isEnumType(theirs)) return type;
    const config = type.toConfig();
    const refused = new Set<string>();
    for (const value of theirs.getValues()) {
      if (config.values[value.name]) continue;
      config.values[value.name] = {
        value: value.name,
        description: `${NOT_OFFERED_PREFIX} ${type.name}.${value.name} has no meaning in Gantry.`,
      };
      refused.add(value.name);
    }
    if (refused.size === 0) return type;
    this.refusedEnumValues.set(type.name, refused);
    return new GraphQLEnumType(config);
  }

  /** The reference's members of a union, where Gantry has the type (it is then never answered). */
  union(type: GraphQLUnionType): GraphQLUnionType {
    const theirs = this.ref.getType(type.name);
    if (!isUnionType(theirs)) return type;
    const config = type.toConfig();
    const members = [...config.types];
    for (const member of theirs.getTypes()) {
      const ours = this.ours.getType(member.name);
      if (isObjectType(ours) && !members.some((m) => m.name === member.name)) members.push(ours);
    }
    return members.length === config.types.length ? type : new GraphQLUnionType({ ...config, types: members });
  }

  private retypedFields(
    typeName: string,
    theirs: GraphQLObjectType,
    fields: GraphQLFieldConfigMap<unknown, unknown>,
    interfaces: readonly GraphQLInterfaceType[],
  ): GraphQLFieldConfigMap<unknown, unknown> {
    const retyped = { ...fields };
    for (const field of Object.values(theirs.getFields())) {
      const ours = retyped[field.name];
      if (!ours) continue;
      retyped[field.name] = this.retypedField(typeName, field, ours, interfaces);
    }
    return retyped;
  }

  private retypedField(
    typeName: string,
    theirs: GraphQLField<unknown, unknown>,
    ours: GraphQLFieldConfig<unknown, unknown>,
    interfaces: readonly GraphQLInterfaceType[],
  ): GraphQLFieldConfig<unknown, unknown> {
    let config = ours;
    const typed = String(ours.type) === String(theirs.type) ? null : this.outputType(theirs.type, ours.type);
    // An interface Gantry's type already implements keeps the field's type it declares.
    const keptByInterface = interfaces.some((i) => {
      const declared = i.getFields()[theirs.name];
      return declared && typed && !isSubtype(typed.type, declared.type);
    });
    if (typed && !keptByInterface) {
      config = { ...config, type: typed.type, resolve: shaped(config.resolve, typed.conversion) };
    }
    for (const arg of theirs.args) {
      const ourArg = config.args?.[arg.name];
      if (!ourArg || String(ourArg.type) === String(arg.type)) continue;
      const typed = this.inputType(arg.type, ourArg.type, arg.name);
      if (!typed) continue;
      config = { ...config, args: { ...config.args, [arg.name]: { ...ourArg, type: typed.type } } };
      this.record(this.argumentConversions, `${typeName}.${theirs.name}`, arg.name, typed.conversion);
    }
    return config;
  }

  /** Gantry's output type as the reference types it, or null when Gantry's data does not read as that type. */
  private outputType(theirs: GraphQLOutputType, ours: GraphQLOutputType): Typed<GraphQLOutputType, Shape> | null {
    if (isNonNullType(theirs)) {
      const inner = this.outputType(theirs.ofType, getNullableType(ours));
      // Where Gantry can have no value (the Closed pipeline is not stored, a native repository has no GitHub
      // id), it answers null rather than an error that would take the whole list with it (decision 0084).
      const holds = isNonNullType(ours) || NEVER_NULL.has(inner?.conversion);
      return inner && { ...inner, type: holds ? new GraphQLNonNull(inner.type) : inner.type };
    }
    const our = getNullableType(ours);
    if (isListType(theirs)) {
      if (!isListType(our)) return null;
      const inner = this.outputType(theirs.ofType, our.ofType);
      const shape = inner?.conversion;
      return (
        inner && {
          type: new GraphQLList(inner.type),
          conversion: shape && ((list) => (Array.isArray(list) ? list.map(shape) : list)),
        }
      );
    }
    if (isListType(our)) return null;
    return this.namedOutputType(theirs as GraphQLNamedType, our as GraphQLNamedType);
  }

  private namedOutputType(theirs: GraphQLNamedType, ours: GraphQLNamedType): Typed<GraphQLOutputType, Shape> | null {
    if (theirs.name === ours.name) return { type: ours as GraphQLOutputType, conversion: undefined };
    const existing = this.ours.getType(theirs.name) ?? this.created.get(theirs.name);
    const readAs = READ_AS[ours.name];
    if (
      readAs &&
      (theirs.name === readAs.as ||
        (isAbstractType(theirs) && this.ref.getPossibleTypes(theirs).some((t) => t.name === readAs.as)))
    ) {
      // The reference's type (or one its union or interface holds) reading the same data: Gantry's GitHub users.
      const shape = theirs.name === "Owner" && readAs.asOwner ? readAs.asOwner : readAs.shape;
      return { type: (existing ?? theirs) as GraphQLOutputType, conversion: shape };
    }
    if (!isObjectType(theirs) || !isObjectType(ours)) return null;
    // Every connection Gantry answers is a page of edges with pageInfo and totalCount; so is the reference's.
    if (existing) {
      const connection = isConnection(ours) && isObjectType(existing) && isConnection(existing);
      return connection ? { type: existing, conversion: withConnectionNodes } : null;
    }
    // A connection, edge or payload the reference names differently: Gantry's type under the reference's name.
    const config = ours.toConfig();
    const clone: GraphQLObjectType = new GraphQLObjectType({
      ...config,
      name: theirs.name,
      description: theirs.description ?? config.description,
      fields: () => this.retypedFields(theirs.name, theirs, config.fields, config.interfaces),
    });
    this.created.set(theirs.name, clone);
    return { type: clone, conversion: undefined };
  }

  /** The reference's input type for Gantry's, with how a value of it becomes the value Gantry's resolver reads. */
  private inputType(theirs: GraphQLInputType, ours: GraphQLInputType, field: string): Typed<GraphQLInputType> | null {
    if (isNonNullType(theirs)) {
      const inner = this.inputType(theirs.ofType, getNullableType(ours) as GraphQLInputType, field);
      // Optional in Gantry, required by the reference: it stays optional, so a client's non-null variable still
      // fits and Gantry's own clients that leave it out keep working.
      return inner && { ...inner, type: isNonNullType(ours) ? new GraphQLNonNull(inner.type) : inner.type };
    }
    if (isNonNullType(ours)) {
      const inner = this.inputType(theirs, ours.ofType, field);
      return inner && { ...inner, conversion: { ...inner.conversion, needed: true } };
    }
    if (isListType(theirs)) {
      if (!isListType(ours)) return null;
      const inner = this.inputType(theirs.ofType, ours.ofType, field);
      const convert = inner?.conversion.convert;
      return (
        inner && {
          type: new GraphQLList(inner.type),
          conversion: convert ? { convert: (v) => (Array.isArray(v) ? v.map(convert) : convert(v)) } : {},
        }
      );
    }
    if (isListType(ours)) {
      // The reference takes one value where Gantry takes a list: a list of that one.
      const inner = this.inputType(theirs, ours.ofType, field);
      const convert = inner?.conversion.convert ?? ((v: unknown) => v);
      return inner && { type: inner.type, conversion: { convert: (v) => [convert(v)] } };
    }
    return this.namedInputType(theirs, ours, field);
  }

  private namedInputType(
    theirs: GraphQLNamedType,
    ours: GraphQLNamedType,
    field: string,
  ): Typed<GraphQLInputType> | null {
    if (theirs.name === ours.name) return { type: ours as GraphQLInputType, conversion: {} };
    const existing = this.ours.getType(theirs.name) ?? this.created.get(theirs.name);
    if (isScalarType(theirs) && isScalarType(ours)) {
      return { type: (existing ?? theirs) as GraphQLInputType, conversion: { convert: scalarAs(ours.name, field) } };
    }
    if (isEnumType(theirs) && isEnumType(ours)) {
      return { type: (existing as GraphQLEnumType | undefined) ?? this.enumLike(theirs), conversion: enumAs(ours) };
    }
    if (isInputObjectType(theirs) && isScalarType(ours) && ours.name === "JSON" && JSON_FROM_INPUT[theirs.name]) {
      return {
        type: (existing ?? theirs) as GraphQLInputType,
        conversion: { convert: JSON_FROM_INPUT[theirs.name] },
      };
    }
    if (isInputObjectType(theirs) && isInputObjectType(ours) && !existing) {
      return { type: this.inputLike(theirs, ours), conversion: {} };
    }
    return null;
  }

  /** The reference's enum Gantry names differently: its values, read as the Gantry enum's values. */
  private enumLike(theirs: GraphQLEnumType): GraphQLEnumType {
    const values: GraphQLEnumValueConfigMap = {};
    for (const value of theirs.getValues()) values[value.name] = { value: value.name, description: value.description };
    const created = new GraphQLEnumType({ name: theirs.name, description: theirs.description, values });
    this.created.set(theirs.name, created);
    return created;
  }

  /** The reference's input type Gantry names differently: its fields, converted field by field to Gantry's. */
  private inputLike(theirs: GraphQLInputObjectType, ours: GraphQLInputObjectType): GraphQLInputObjectType {
    const created: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: theirs.name,
      description: theirs.description,
      fields: () => {
        const fields = ours.toConfig().fields;
        for (const field of Object.values(theirs.getFields())) {
          const our = fields[field.name];
          if (!our || String(our.type) === String(field.type)) continue;
          const typed = this.inputType(field.type, our.type, field.name);
          if (!typed) continue;
          fields[field.name] = { ...our, type: typed.type };
          this.record(this.inputConversions, theirs.name, field.name, typed.conversion);
        }
        return fields;
      },
    });
    this.created.set(theirs.name, created);
    return created;
  }

  private interfaceNamed(theirs: GraphQLInterfaceType): GraphQLInterfaceType {
    const ours = this.ours.getType(theirs.name);
    if (isInterfaceType(ours)) return ours;
    // An interface Gantry does not declare: the reference's, its field types read by name in Gantry's schema.
    return theirs;
  }

  private record(map: Map<string, Map<string, Conversion>>, key: string, name: string, conversion: Conversion) {
    if (!conversion.convert && !conversion.needed) return;
    const here = map.get(key) ?? new Map<string, Conversion>();
    here.set(name, conversion);
    map.set(key, here);
  }

  /** Wraps every field whose arguments carry a value typed as the reference types it, to convert it first. */
  convertingArguments(schema: GraphQLSchema): GraphQLSchema {
    const reaches = new Map<string, boolean>();
    const needsConverting = (type: GraphQLInputType): boolean => {
      const named = getNamedType(type);
      if (isEnumType(named)) return this.refusedEnumValues.has(named.name);
      if (!isInputObjectType(named)) return false;
      const known = reaches.get(named.name);
      if (known !== undefined) return known;
      reaches.set(named.name, false);
      const found =
        this.inputConversions.has(named.name) || Object.values(named.getFields()).some((f) => needsConverting(f.type));
      reaches.set(named.name, found);
      return found;
    };
    return mapSchema(schema, {
      [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) => {
        const here = this.argumentConversions.get(`${typeName}.${fieldName}`);
        const args = Object.entries(field.args ?? {});
        if (!here && !args.some(([, arg]) => needsConverting(arg.type))) return field;
        const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
        return {
          ...field,
          resolve: (source, given: Record<string, unknown>, context, info) => {
            const converted: Record<string, unknown> = { ...given };
            for (const [name, arg] of args) {
              converted[name] = this.converted(arg.type, given[name], here?.get(name), name);
              if (converted[name] === undefined) delete converted[name];
            }
            return resolve(source, converted, context, info);
          },
        };
      },
    });
  }

  private converted(type: GraphQLInputType, value: unknown, conversion: Conversion | undefined, path: string): unknown {
    if (value === null || value === undefined) {
      if (conversion?.needed) throw new GantryError("BAD_USER_INPUT", `Gantry needs ${path} here.`, { field: path });
      return value;
    }
    const inner = this.walked(getNullableType(type) as GraphQLInputType, value, path);
    return conversion?.convert ? conversion.convert(inner) : inner;
  }

  private walked(type: GraphQLInputType, value: unknown, path: string): unknown {
    if (value === null || value === undefined) return value;
    if (isNonNullType(type)) return this.walked(type.ofType, value, path);
    if (isListType(type)) {
      const item = type.ofType as GraphQLInputType;
      return Array.isArray(value) ? value.map((v) => this.walked(item, v, path)) : this.walked(item, value, path);
    }
    if (isEnumType(type)) {
      if (this.refusedEnumValues.get(type.name)?.has(String(value)))
        throw new GantryError("BAD_USER_INPUT", `${type.name}.${String(value)} has no meaning in Gantry.`, {
          field: path,
        });
      return value;
    }
    if (!isInputObjectType(type)) return value;
    const given = value as Record<string, unknown>;
    const here = this.inputConversions.get(type.name);
    const result: Record<string, unknown> = { ...given };
    for (const [name, field] of Object.entries(type.getFields())) {
      const converted = this.converted(field.type, given[name], here?.get(name), `${path}.${name}`);
      if (converted === undefined) delete result[name];
      else result[name] = converted;
    }
    return result;
  }
}

/**
 * A Gantry value of one scalar read as another: a date-time as the day or the text Gantry's field takes. A
 * `…Time` field Gantry reads as a local time of day (a sprint's `startOnTime`) takes the instant itself: the
 * reference gives it "in UTC to be converted to the tz_identifier", and only the service knows the zone (an
 * update may leave it out and keep the stored one), so the service converts it (decision 0102).
 */
function scalarAs(ours: string, field: string): Convert {
  return (value) => {
    if (!(value instanceof Date)) return value;
    if (ours === "ISO8601Date") return value.toISOString().slice(0, 10);
    return field.endsWith("Time") ? value : value.toISOString();
  };
}

function enumAs(ours: GraphQLEnumType): Conversion {
  return {
    convert: (value) => {
      const match = ours.getValue(String(value));
      if (!match) throw new GantryError("BAD_USER_INPUT", `${ours.name} has no value ${String(value)} in Gantry.`);
      return match.value;
    },
  };
}

function isConnection(type: GraphQLObjectType): boolean {
  const fields = type.getFields();
  return Boolean(fields.edges && fields.pageInfo);
}

/**
 * Gantry's connections (Pothos) carry edges and let `nodes` be read from them; a connection type made from the
 * reference's definition reads `nodes` as a property, so the page answers both.
 */
function withConnectionNodes(page: unknown): unknown {
  if (!page || typeof page !== "object") return page;
  const { edges } = page as { edges?: unknown };
  if (!Array.isArray(edges) || "nodes" in page) return page;
  return Object.create(page, { nodes: { value: edges.map((edge) => edge?.node), enumerable: true } });
}

/** A resolver answering its value shaped for the reference's type. */
function shaped(
  resolve: GraphQLFieldResolver<unknown, unknown> | undefined,
  shape: Shape,
): GraphQLFieldResolver<unknown, unknown> | undefined {
  if (!shape) return resolve;
  const inner = resolve ?? defaultFieldResolver;
  return (source, args, context, info) => {
    const value = inner(source, args, context, info);
    return value instanceof Promise ? value.then(shape) : shape(value);
  };
}

/** Whether Gantry's fields (as retyped) have every field of the interface with its type. */
function implementsAll(fields: GraphQLFieldConfigMap<unknown, unknown>, wanted: GraphQLInterfaceType): boolean {
  return Object.values(wanted.getFields()).every((field) => {
    const ours = fields[field.name];
    if (!ours || !isSubtype(ours.type, field.type)) return false;
    return field.args.every((arg) => ours.args?.[arg.name] && String(ours.args[arg.name]?.type) === String(arg.type));
  });
}

/** Covariance by name: an object field's type may be stricter (non-null) than the interface's. */
function isSubtype(ours: GraphQLType, theirs: GraphQLType): boolean {
  if (isNonNullType(theirs)) return isNonNullType(ours) && isSubtype(ours.ofType, theirs.ofType);
  if (isNonNullType(ours)) return isSubtype(ours.ofType, theirs);
  if (isListType(theirs)) return isListType(ours) && isSubtype(ours.ofType, theirs.ofType);
  if (isListType(ours)) return false;
  return (ours as GraphQLNamedType).name === (theirs as GraphQLNamedType).name;
}

/** The reference type a node loaded under another type's id (or by node-loaders.ts) answers as. */
export const ANSWERED_AS = Symbol("reference node type");

/**
 * Node ids of types that read another node's row (an `Epic`'s id names an epic issue): `node`/`nodes` load the
 * row as that node and answer it as the type the id names, when the row is one (`isEpic`).
 */
const NODES_READ_AS: Record<string, { as: string; is: (row: Record<string, unknown>) => boolean }> = {
  Epic: { as: "Issue", is: (row) => row.isEpic === true },
};

function withAliasedNodes(schema: GraphQLSchema): GraphQLSchema {
  const aliased = async (id: unknown, load: (id: string) => unknown): Promise<unknown> => {
    let decoded: { typename: string; id: string };
    try {
      decoded = decodeGantryId(String(id));
    } catch {
      return load(String(id));
    }
    const alias = NODES_READ_AS[decoded.typename];
    if (!alias) return load(String(id));
    const row = (await load(encodeGlobalID(alias.as, decoded.id))) as Record<string, unknown> | null;
    return row && alias.is(row) ? Object.create(row, { [ANSWERED_AS]: { value: decoded.typename } }) : null;
  };
  const isAliased = (id: string) => {
    try {
      return decodeGantryId(id).typename in NODES_READ_AS;
    } catch {
      return false;
    }
  };
  return mapSchema(schema, {
    [MapperKind.INTERFACE_TYPE]: (type) => {
      if (type.name !== "Node") return type;
      const config = type.toConfig();
      const resolveType = config.resolveType;
      return new GraphQLInterfaceType({
        ...config,
        resolveType: (value, context, info, abstractType) =>
          (value as { [ANSWERED_AS]?: string } | null)?.[ANSWERED_AS] ??
          resolveType?.(value, context, info, abstractType),
      });
    },
    [MapperKind.QUERY_ROOT_FIELD]: (field, fieldName) => {
      const resolve = field.resolve;
      if (!resolve || (fieldName !== "node" && fieldName !== "nodes")) return field;
      return {
        ...field,
        resolve: (source, args: { id?: string; ids?: string[] }, context, info) => {
          const loadOne = (id: string) => resolve(source, { id }, context, info);
          if (fieldName === "node") return aliased(args.id, loadOne);
          // Gantry's own ids are loaded together, as before; one by one only when an id names an aliased type.
          if (!(args.ids ?? []).some(isAliased)) return resolve(source, args, context, info);
          return Promise.all(
            (args.ids ?? []).map((id) =>
              aliased(id, async (one) => {
                const [row] = (await resolve(source, { ids: [one] }, context, info)) as unknown[];
                return row ?? null;
              }),
            ),
          );
        },
      };
    },
  });
}
