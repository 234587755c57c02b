import { isUtf8 } from "node:buffer";
import type { FastifyInstance } from "fastify";

export const INVALID_UTF8_MESSAGE = "The request body is not valid UTF-8 text.";

/**
 * JSON bodies are checked to be UTF-8 before they are decoded: decoding turns every invalid byte into
 * U+FFFD, so a bad byte in a title was stored as "�" without a word (issue #28). Parsing is otherwise
 * Fastify's own (prototype-poisoning refused). Routes with a parser of their own (GitHub deliveries) keep it.
 */
export function registerUtf8JsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(Object.assign(new Error(INVALID_UTF8_MESSAGE), { statusCode: 400 }), undefined);
      return;
    }
    parseJson(req, bytes.toString("utf8"), done);
  });
}

/**
 * Every answer of 500 or above is logged with its message, stack and request id, and the client is told only
 * that something went wrong and under which request id: a driver's message can carry SQL, its parameters and
 * internal ids. Answers below 500 (a bad body, one too large) keep Fastify's own, which name the client's mistake.
 */
export function registerServerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, req, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // A client's mistake (or a limit's plain-object answer, such as the sign-in limit's 429) is answered as it is.
    if (status >= 400 && status < 500) return reply.code(status).send(error);
    req.log.error({ err: error }, `request failed: ${error instanceof Error ? error.message : String(error)}`);
    return reply
      .code(500)
      .send({ statusCode: 500, error: "Internal Server Error", message: "Unexpected error.", requestId: req.id });
  });
}
