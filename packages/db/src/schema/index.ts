export * from "./accounts.js";
