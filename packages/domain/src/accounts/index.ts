export * from "./email.js";
export * from "./messages.js";
export * from "./password.js";
export * from "./sign-out-everywhere.js";
export * from "./stored-tokens.js";
