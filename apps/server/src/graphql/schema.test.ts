import { readFileSync } from "node:fs";
import { printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { committedSchemas } from "./committed-schemas.js";

describe("the committed schemas", () => {
  it.each(committedSchemas())(
    "$file is what the code builds (run `npm run schema:print` after changing types)",
    ({ file, schema }) => {
      const committed = readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
      expect(`${printSchema(schema)}\n`).toBe(committed);
    },
  );
});
