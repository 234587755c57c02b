export * from "./classifier.js";
export * from "./logistic.js";
export * from "./tfidf.js";
export * from "./tokenize.js";
