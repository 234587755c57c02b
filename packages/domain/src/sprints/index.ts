export * from "./rules.js";
export * from "./schedule.js";
