export * from "./product.js";
export * from "./support.js";
