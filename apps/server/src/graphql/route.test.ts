import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";

describe("GraphQL endpoint", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (query: string) => t.app.inject({ method: "POST", url: "/graphql", payload: { query } });

  it("answers the version query", async () => {
    const response = await post("{ version }");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { version: "4.5.51" } });
  });

  it("gives a syntax error a clear message", async () => {
    const response = await post("{ version ");
    expect(response.json().errors[0].message).toContain("Syntax Error");
  });

  it("refuses an unknown field naming it", async () => {
    const response = await post("{ secrets }");
    expect(response.json().errors[0].message).toBe('Cannot query field "secrets" on type "Query".');
  });
});
