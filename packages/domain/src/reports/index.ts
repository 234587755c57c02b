export * from "./history.js";
export * from "./reports.js";
