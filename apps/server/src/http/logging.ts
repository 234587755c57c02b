import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config/config.js";

/** Header and body paths that can carry secrets; pino replaces them before a line is written. */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.passwordConfirmation",
  "*.token",
  "*.accessToken",
  "*.secret",
];

export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    ...(stream ? { stream } : {}),
  };
}
