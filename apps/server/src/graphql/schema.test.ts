import { readFileSync } from "node:fs";
import { printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "./schema.js";

describe("the committed schema", () => {
  it("is what the code builds (run `npm run schema:print` after changing types)", () => {
    const committed = readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8");
    expect(`${printSchema(schema)}\n`).toBe(committed);
  });
});
