import { type GraphQLObjectType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "./schema.js";

/**
 * Who may call what: every root field with the authorisation rule it names. Changing
 * this file is a permission change and is reviewed as one; a field without a rule fails.
 */
function rootFieldRules(): string[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
    (type): type is GraphQLObjectType => isObjectType(type),
  );
  return roots.flatMap((root) =>
    Object.values(root.getFields()).map((field) => {
      const options = field.extensions?.pothosOptions as { authScopes?: unknown } | undefined;
      const rule = options?.authScopes === undefined ? "NO RULE" : JSON.stringify(options.authScopes);
      return `${root.name}.${field.name}: ${rule}`;
    }),
  );
}

describe("authorisation of the GraphQL schema", () => {
  it("names a rule on every root field", () => {
    expect(rootFieldRules().filter((line) => line.endsWith("NO RULE"))).toEqual([]);
  });

  it("matches the reviewed list of who may call what", async () => {
    await expect(`${rootFieldRules().join("\n")}\n`).toMatchFileSnapshot("./permissions.snapshot.txt");
  });
});
