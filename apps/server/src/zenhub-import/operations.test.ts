import { referenceSchema } from "@gantry/zenhub-stand-in/stand-in";
import { parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "./operations.js";

describe("the ZenHub import's operations", () => {
  it.each(Object.entries(OPERATIONS))("%s is valid against ZenHub's published schema", (name, text) => {
    const document = parse(text);
    expect(validate(referenceSchema(), document).map((error) => error.message)).toEqual([]);
    // The operation is sent under this name; the stand-in records it so tests can count requests per kind.
    expect(document.definitions.some((definition) => "name" in definition && definition.name?.value === name)).toBe(
      true,
    );
  });

  it("fails for an operation the schema does not allow", () => {
    const wrong = parse("query Wrong { workspace(id: 1) { pipelines { noSuchField } } }");
    expect(validate(referenceSchema(), wrong).length).toBeGreaterThan(0);
  });
});
