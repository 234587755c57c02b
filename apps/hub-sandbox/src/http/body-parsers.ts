import type { FastifyInstance } from "fastify";
import { problemsParsingJson } from "./errors.js";

/**
 * JSON as GitHub reads it (an empty body is an empty object, since clients send none for
 * bodiless POSTs), and HTML forms for the OAuth pages and form-encoded token requests.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(problemsParsingJson(), undefined);
    }
  });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
