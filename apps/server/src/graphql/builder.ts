import { dateInputError, INVALID_DATE_MESSAGE } from "@gantry/domain";
import SchemaBuilder from "@pothos/core";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin, { decodeGlobalID as decodePlain, encodeGlobalID as encodePlain } from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { valueFromASTUntyped } from "graphql";
import { isInstanceAdmin } from "../accounts/instance-admins.js";
import { CLOSED_PIPELINE } from "../workspaces/default-pipelines.js";
import type { GraphQLContext } from "./context.js";
import { GantryError } from "./errors.js";

/**
 * The authorisation rules a field can name. Every root field names one (a test keeps
 * the list of who may call what), so a new field cannot slip in unguarded.
 */
export interface AuthScopes {
  public: boolean;
  signedIn: boolean;
  /** Someone named in GANTRY_INSTANCE_ADMINS, with that address verified. */
  instanceAdmin: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type DecodedId = Readonly<{ typename: string; id: string }>;

/**
 * Ids decoded lately. A board page decodes the same workspace id once per card field that takes
 * one (seven per card); a frozen decoded id is handed out again instead of being decoded afresh.
 */
const recentlyDecoded = new Map<string, DecodedId>();
const RECENTLY_KEPT_LIMIT = 10_000;

/** Decodes a global id; every id Gantry hands out wraps a UUID, anything else is refused before it reaches SQL. */
export function decodeGantryId(globalID: string): DecodedId {
  const known = recentlyDecoded.get(globalID);
  if (known) return known;
  let decoded: { typename: string; id: string };
  try {
    decoded = decodePlain(globalID);
  } catch {
    throw new GantryError("BAD_USER_INPUT", `"${globalID.slice(0, 80)}" is not a valid id.`);
  }
  if (!UUID.test(decoded.id)) throw new GantryError("BAD_USER_INPUT", `"${globalID.slice(0, 80)}" is not a valid id.`);
  if (recentlyDecoded.size >= RECENTLY_KEPT_LIMIT) recentlyDecoded.clear();
  const frozen = Object.freeze(decoded);
  recentlyDecoded.set(globalID, frozen);
  return frozen;
}

/** Ids encoded lately: a board page hands out its cards', repositories' and relations' ids again on every read. */
const recentlyEncoded = new Map<string, string>();

/** A global id as Relay encodes it (base64 of `Type:uuid`), kept for the next ask. */
export function encodeGantryId(typename: string, id: string): string {
  const plain = `${typename}:${id}`;
  let encoded = recentlyEncoded.get(plain);
  if (encoded === undefined) {
    encoded = encodePlain(typename, id);
    if (recentlyEncoded.size >= RECENTLY_KEPT_LIMIT) recentlyEncoded.clear();
    recentlyEncoded.set(plain, encoded);
  }
  return encoded;
}

/** The UUID inside a decoded global id, after checking it names the expected type. */
export function idOfType(globalId: DecodedId, typename: string): string {
  if (globalId.typename !== typename) throw new GantryError("BAD_USER_INPUT", `Expected the id of a ${typename}.`);
  return globalId.id;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  Scalars: {
    BigInt: { Input: number; Output: number };
    ISO8601DateTime: { Input: Date; Output: Date };
    ISO8601Date: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
  /** A number, or a function counting only when a client asks for totalCount (counts can cost a query). */
  Connection: { totalCount: number | (() => Promise<number>) };
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: true;
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, RelayPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  defaultInputFieldRequiredness: true,
  scopeAuth: {
    // A subscription's rule is checked once, when it starts, not again for every event it sends.
    authorizeOnSubscribe: true,
    authScopes: (context) => ({
      public: true,
      signedIn: context.viewer !== null,
      instanceAdmin: isInstanceAdmin(context.config, context.viewer),
    }),
    unauthorizedError: (_parent, context) =>
      context.viewer
        ? new GantryError("FORBIDDEN", "You do not have permission to do this.")
        : new GantryError("UNAUTHENTICATED", "You must be signed in to do this."),
  },
  errors: { defaultTypes: [] },
  relay: {
    // Every id Gantry hands out wraps a UUID; anything else is refused before it reaches SQL.
    decodeGlobalID: (globalID) => decodeGantryId(globalID),
    // The Closed pipeline's id is fixed by the spec and is not a global id (workspaces/schema.ts).
    encodeGlobalID: (typename, id) =>
      typename === "Pipeline" && id === CLOSED_PIPELINE.id ? id : encodeGantryId(typename, String(id)),
    clientMutationId: "omit",
    nodesOnConnection: true,
    cursorType: "String",
    nodeQueryOptions: { authScopes: { public: true } },
    nodesQueryOptions: { authScopes: { public: true } },
  },
});

builder.queryType({});

builder.globalConnectionField("totalCount", (t) =>
  t.int({
    resolve: (connection) =>
      typeof connection.totalCount === "function" ? connection.totalCount() : connection.totalCount,
  }),
);
builder.mutationType({});
builder.subscriptionType({});

const BIG_INT_MESSAGE = "Expected a whole number no larger than 9007199254740991.";

function bigIntOf(value: unknown): number {
  const number = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number))
    throw new GantryError("BAD_USER_INPUT", BIG_INT_MESSAGE);
  return number;
}

/**
 * GitHub's ids (decision 0047): issues', users' and repositories' ids have passed 2^31, which
 * GraphQL's Int cannot carry. Sent as JSON numbers, exact up to 2^53 like the database's bigint.
 */
builder.scalarType("BigInt", {
  description: "A whole number beyond GraphQL's 32-bit Int, such as a GitHub id; a JSON number.",
  serialize: (value) => bigIntOf(value),
  parseValue: (value) => bigIntOf(value),
  parseLiteral: (ast) => bigIntOf(ast.kind === "IntValue" || ast.kind === "StringValue" ? ast.value : null),
});

/** Times as the reference schema writes them: ISO 8601 strings. */
builder.scalarType("ISO8601DateTime", {
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = typeof value === "string" ? new Date(value) : new Date(Number.NaN);
    // Date would roll a day that does not exist (2026-02-30) into the next month; it is refused instead.
    const day = typeof value === "string" ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined;
    if (Number.isNaN(date.getTime()) || (day !== undefined && dateInputError(day)))
      throw new GantryError("BAD_USER_INPUT", "Expected an ISO 8601 date and time.");
    return date;
  },
});

/** A calendar day as the reference schema writes it, YYYY-MM-DD; SPEC §5's message for anything else. */
builder.scalarType("ISO8601Date", {
  serialize: (value) => value,
  parseValue: (value) => {
    const day = typeof value === "string" ? value : "";
    if (dateInputError(day)) throw new GantryError("BAD_USER_INPUT", INVALID_DATE_MESSAGE);
    return day;
  },
});

/** Any JSON value, as the reference schema's JSON scalar; fields taking one check its shape themselves. */
builder.scalarType("JSON", {
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
