export * from "./open.js";
export * as schema from "./schema/index.js";
