export * from "./flags.js";
