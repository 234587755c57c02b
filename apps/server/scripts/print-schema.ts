import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { printSchema } from "graphql";
import { committedSchemas } from "../src/graphql/committed-schemas.js";

/** Writes the committed schema files that clients generate their types from and the compatibility report reads. */
for (const { file, schema } of committedSchemas()) {
  const target = fileURLToPath(new URL(`../${file}`, import.meta.url));
  writeFileSync(target, `${printSchema(schema)}\n`);
  console.log(`wrote ${target}`);
}
