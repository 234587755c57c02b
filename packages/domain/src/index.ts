export * from "./accounts/index.js";
export * from "./feature-flags.js";
export * from "./formats/index.js";
export * from "./ordering/index.js";
export * from "./product.js";
export * from "./search/index.js";
export * from "./support.js";
export * from "./user-settings/index.js";
