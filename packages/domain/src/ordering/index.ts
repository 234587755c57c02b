export * from "./rank.js";
