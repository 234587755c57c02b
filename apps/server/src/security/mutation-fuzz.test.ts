import fc from "fast-check";
import { type GraphQLField, getNamedType, isInterfaceType, isObjectType, isUnionType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../graphql/schema.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import {
  createOrganization,
  createWorkspace,
  errorOf,
  type GraphQLAnswer,
  gql,
  signUpUser,
  type TestUser,
} from "../testing/factories.js";
import { changedTables, type DatabaseSnapshot, snapshotDatabase } from "./db-snapshot.js";
import { hostileValue } from "./hostile-values.js";
import { NUL_REFUSED } from "./input-values.js";

/** Fixed, so a failure replays exactly; fast-check prints the seed and the counter-example. */
const SEED = 1515;
const RUNS_PER_MUTATION = 4;

// Rows a refused call may rightly leave: the session's last-seen time moves on every request.
const CHANGING_ON_EVERY_REQUEST = ["sessions"];

const mutations = Object.values(schema.getMutationType()?.getFields() ?? {}) as GraphQLField<unknown, unknown>[];

/** The operation text for one mutation, with every argument a variable of its declared type. */
function operationFor(field: GraphQLField<unknown, unknown>): string {
  const declarations = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(", ");
  const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const returned = getNamedType(field.type);
  const selection =
    isObjectType(returned) || isUnionType(returned) || isInterfaceType(returned) ? " { __typename }" : "";
  return `mutation${declarations ? `(${declarations})` : ""} { ${field.name}${call ? `(${call})` : ""}${selection} }`;
}

describe("every mutation under hostile input", () => {
  let t: TestApp;
  let owner: TestUser;
  const ids: string[] = [];
  // The database as the last call left it: a refused call must leave it exactly so.
  let current: DatabaseSnapshot;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" });
    owner = await signUpUser(t, "fuzz-owner");
    const organization = await createOrganization(t, owner);
    ids.push(owner.id, organization, await createWorkspace(t, owner, organization));
    current = await snapshotDatabase(t.database.executeSql, CHANGING_ON_EVERY_REQUEST);
  });
  afterAll(() => t.close());

  it("lists mutations to fuzz", () => {
    expect(mutations.length).toBeGreaterThan(50);
  });

  it("refuses a NUL character in a variable or a literal with a clear message, writing nothing", async () => {
    const create =
      "mutation ($name: String!) { createGantryOrganization(input: { name: $name }) { gantryOrganization { id } } }";
    const viaVariable = await gql(t, owner.token, create, { name: "nul\u0000org" });
    const literal = 'mutation { createApiKey(input: { name: "k\\u0000" }) { __typename } }';
    const viaLiteral = await gql(t, owner.token, literal);
    // The same text again: its parsed document's verdict is remembered, and is still a refusal.
    const viaLiteralAgain = await gql(t, owner.token, literal);
    for (const answer of [viaVariable, viaLiteral, viaLiteralAgain]) {
      expect(errorOf(answer)).toEqual({ code: "BAD_USER_INPUT", message: NUL_REFUSED });
    }
    expect(changedTables(current, await snapshotDatabase(t.database.executeSql, CHANGING_ON_EVERY_REQUEST))).toEqual(
      [],
    );
  });

  it.each(mutations.map((field) => [field.name, field] as const))(
    "%s: a clear error or success, never a crash and never a partial write",
    async (_name, field) => {
      const query = operationFor(field);
      const variables = fc
        .boolean()
        .chain((wrongTypes) =>
          fc.record(Object.fromEntries(field.args.map((arg) => [arg.name, hostileValue(arg.type, ids, wrongTypes)]))),
        );
      await fc.assert(
        fc.asyncProperty(variables, async (values) => {
          const response = await t.app.inject({
            method: "POST",
            url: "/graphql",
            payload: { query, variables: values },
            headers: { authorization: `Bearer ${owner.token}` },
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode === 413) return;
          const answer = response.json() as GraphQLAnswer;
          const codes = (answer.errors ?? []).map((error) => error.extensions?.code);
          expect(codes).not.toContain("INTERNAL_SERVER_ERROR");
          expect((answer.errors ?? []).map((error) => error.message)).not.toContain("Unexpected error.");
          const after = await snapshotDatabase(t.database.executeSql, CHANGING_ON_EVERY_REQUEST);
          if (answer.errors?.length) expect(changedTables(current, after)).toEqual([]);
          current = after;
        }),
        { seed: SEED, numRuns: RUNS_PER_MUTATION, endOnFailure: true },
      );
    },
  );
});
