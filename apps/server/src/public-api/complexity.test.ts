import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../graphql/schema.js";
import { ZENHUB_OPERATIONS } from "./clients/zenhub-operations.js";
import { operationComplexity } from "./complexity.js";
import { loadPublicApiLimits } from "./config.js";
import { servedPublicSchemas } from "./public-schema.js";

const complexity = (query: string, variables: Record<string, unknown> = {}, operationName?: string) =>
  operationComplexity(schema, parse(query), operationName, variables);

describe("operation complexity", () => {
  it("counts each object once per parent it may be read on, connections multiplying by their page", () => {
    expect(complexity("{ viewer { id email } }")).toBe(1);
    expect(complexity("query ($id: ID!) { workspace(id: $id) { sprints(first: 50) { nodes { id name } } } }")).toBe(
      1 + 1 + 50,
    );
    expect(complexity("query ($n: Int) { viewer { gantryOrganizations(first: $n) { nodes { id } } } }", { n: 7 })).toBe(
      1 + 1 + 7,
    );
  });

  it("charges nothing for more scalar fields of the same objects", () => {
    const few = complexity("query ($id: ID!) { workspace(id: $id) { sprints(first: 50) { nodes { id } } } }");
    const many = complexity(
      "query ($id: ID!) { workspace(id: $id) { sprints(first: 50) { nodes { id name state startAt endAt } } } }",
    );
    expect(many).toBe(few);
  });

  it("takes 20 for a connection asked without first or last, and counts fragments where they are spread", () => {
    expect(complexity("{ viewer { gantryOrganizations { nodes { id } } } }")).toBe(1 + 1 + 20);
    expect(
      complexity(
        `query Orgs { viewer { ...Me } }
        fragment Me on GantryUser { id gantryOrganizations(last: 3) { nodes { ... on GantryOrganization { id name } } } }
        query Other { version }`,
        {},
        "Orgs",
      ),
    ).toBe(1 + 1 + 3);
  });

  it("counts a root field that answers a scalar, as it still runs", () => {
    expect(complexity("{ version }")).toBe(1);
  });
});

describe("the public limit, calibrated on real clients", () => {
  const { maxComplexity } = loadPublicApiLimits({});
  const { zenhub } = servedPublicSchemas();
  const onZenhubView = (query: string) => operationComplexity(zenhub, parse(query), undefined, {});

  it("lets every client-shaped operation through at its default page sizes", () => {
    for (const [name, operation] of Object.entries(ZENHUB_OPERATIONS)) {
      expect([name, onZenhubView(operation) <= maxComplexity]).toEqual([name, true]);
    }
  });

  it("lets a script list every organisation's workspaces, 100 a page, with all their plain fields", () => {
    // Under the old count (every field, once per object) such a listing cost over 50,000 and was refused.
    const listWorkspaces = `query ListWorkspaces {
      viewer {
        id
        zenhubOrganizations(first: 100) {
          nodes {
            id name
            workspaces(first: 100) {
              nodes { id name description displayName createdAt updatedAt viewerPermission }
            }
          }
        }
      }
    }`;
    const cost = onZenhubView(listWorkspaces);
    expect(cost).toBe(1 + 1 + 100 + 100 + 100 * 100);
    expect(cost).toBeLessThanOrEqual(maxComplexity);
  });

  it("still refuses a fan-out that reads millions of rows", () => {
    const fanOut = `{ viewer { zenhubOrganizations(first: 100) { nodes { workspaces(first: 100) { nodes {
      pipelinesConnection(first: 100) { nodes { id name } } } } } } } }`;
    expect(onZenhubView(fanOut)).toBeGreaterThan(maxComplexity);
  });
});
