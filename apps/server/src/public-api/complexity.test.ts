import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../graphql/schema.js";
import { operationComplexity } from "./complexity.js";

const complexity = (query: string, variables: Record<string, unknown> = {}, operationName?: string) =>
  operationComplexity(schema, parse(query), operationName, variables);

describe("operation complexity", () => {
  it("counts each field once per object it may be read on, connections multiplying by their page", () => {
    expect(complexity("{ viewer { id email } }")).toBe(3);
    expect(complexity("query ($id: ID!) { workspace(id: $id) { sprints(first: 50) { nodes { id name } } } }")).toBe(
      1 + 1 + 50 + 50 * 2,
    );
    expect(complexity("query ($n: Int) { viewer { gantryOrganizations(first: $n) { nodes { id } } } }", { n: 7 })).toBe(
      1 + 1 + 7 + 7,
    );
  });

  it("takes 20 for a connection asked without first or last, and counts fragments where they are spread", () => {
    expect(complexity("{ viewer { gantryOrganizations { nodes { id } } } }")).toBe(1 + 1 + 20 + 20);
    expect(
      complexity(
        `query Orgs { viewer { ...Me } }
        fragment Me on GantryUser { id gantryOrganizations(last: 3) { nodes { ... on GantryOrganization { id name } } } }
        query Other { version }`,
        {},
        "Orgs",
      ),
    ).toBe(1 + 1 + 1 + 3 + 3 * 2);
  });
});
