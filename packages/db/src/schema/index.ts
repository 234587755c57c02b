export * from "./accounts.js";
export * from "./organizations.js";
export * from "./workspaces.js";
