export * from "./open.js";
export type { AccountTokenPurpose, IdentityProvider } from "./schema/index.js";
export * as schema from "./schema/index.js";
