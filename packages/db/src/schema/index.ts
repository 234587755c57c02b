export * from "./accounts.js";
export * from "./analytics.js";
export * from "./board.js";
export * from "./codehost.js";
export * from "./feature-flags.js";
export * from "./organizations.js";
export * from "./user-settings.js";
export * from "./workspaces.js";
