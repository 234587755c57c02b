import { type GraphQLObjectType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../graphql/schema.js";
import { MATRIX, RULES } from "./role-matrix.js";
import { CALLS } from "./role-matrix-calls.js";

/** Every root field of the schema, as `Query.name`, `Mutation.name`, `Subscription.name`. */
function rootFields(): { name: string; authScopes: unknown }[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
    (type): type is GraphQLObjectType => isObjectType(type),
  );
  return roots.flatMap((root) =>
    Object.values(root.getFields()).map((field) => ({
      name: `${root.name}.${field.name}`,
      authScopes: (field.extensions?.pothosOptions as { authScopes?: unknown } | undefined)?.authScopes,
    })),
  );
}

describe("the permission matrix (decision 0043)", () => {
  it("has a rule and a call for every root field of the schema", () => {
    const names = rootFields().map((field) => field.name);
    expect(
      names.filter((name) => !MATRIX[name]),
      "root fields without a rule in role-matrix.ts",
    ).toEqual([]);
    expect(
      names.filter((name) => !CALLS[name]),
      "root fields without a call in role-matrix-calls.ts",
    ).toEqual([]);
    // An entry for a field not (or no longer) in the schema is not called; it may wait for work in progress.
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(CALLS).sort());
  });

  it("agrees with the rule each field names in the schema", () => {
    const disagreements = rootFields().flatMap(({ name, authScopes }) => {
      const rule = MATRIX[name]?.rule;
      const scope = JSON.stringify(authScopes);
      // An instance-admin field is nobody's in an organisation; a public one is anyone's unless its
      // answer is per object (node, nodes), which the matrix then says.
      if ((scope === '{"instanceAdmin":true}') !== (rule === "instanceAdmin")) return [`${name}: ${scope} vs ${rule}`];
      if (scope === '{"public":true}' && rule !== "public" && rule !== "objectReader")
        return [`${name}: ${scope} vs ${rule}`];
      if (rule === "objectReader" && scope !== '{"public":true}') return [`${name}: ${scope} vs ${rule}`];
      if (rule === "public" && scope !== '{"public":true}') return [`${name}: ${scope} vs ${rule}`];
      return [];
    });
    expect(disagreements).toEqual([]);
  });

  it("refuses anonymous callers everything but the public fields", () => {
    for (const [name, entry] of Object.entries(MATRIX)) {
      expect({ name, anonymous: RULES[entry.rule].anonymous }).toEqual({
        name,
        anonymous: entry.rule === "public" ? "allowed" : entry.rule === "objectReader" ? "denied" : "unauthenticated",
      });
    }
  });
});
