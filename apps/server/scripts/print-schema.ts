import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { printSchema } from "graphql";
import { schema } from "../src/graphql/schema.js";

/** Writes the committed schema.graphql that clients generate their types from. */
const target = fileURLToPath(new URL("../schema.graphql", import.meta.url));
writeFileSync(target, `${printSchema(schema)}\n`);
console.log(`wrote ${target}`);
