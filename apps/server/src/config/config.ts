import { isIP } from "node:net";
import { resolve } from "node:path";
import { DEFAULT_PRODUCT_NAME, EDITIONS, isFeatureFlagName } from "@gantry/domain";
import { z } from "zod";

const port = z.coerce
  .number({ error: "must be a whole number between 0 and 65535" })
  .int("must be a whole number between 0 and 65535")
  .min(0, "must be a whole number between 0 and 65535")
  .max(65535, "must be a whole number between 0 and 65535");

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), "must be a postgres:// or postgresql:// URL");

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" });

const booleanFlag = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((value) => value === "true");

/** A comma-separated list; spaces around the commas and empty entries are ignored. */
export const commaList = <Entry extends string>(entry: z.ZodType<Entry, string>) =>
  z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    )
    .pipe(z.array(entry));

const TRUST_PROXY_TEXT =
  "must be false, a number of proxies (such as 1), or a comma-separated list of proxy addresses or ranges (such as 10.0.0.0/8, loopback)";

/** An address or a CIDR range (10.0.0.0/8, fd00::/8), or one of proxy-addr's names for the private ranges. */
const proxyAddress = z.string().refine((value) => {
  if (value === "loopback" || value === "linklocal" || value === "uniquelocal") return true;
  const [address = "", bits, ...rest] = value.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}, TRUST_PROXY_TEXT);

/**
 * Which proxies' X-Forwarded-For entries name the client (Fastify's `trustProxy`): none (the socket's address is
 * the client's), the last N hops, or the entries added by the listed addresses. Never "all", which would let
 * a client name its own address by writing the header's left-most entry (issue #28).
 */
const trustProxy = z.union(
  [
    z.literal("false").transform(() => false as const),
    z
      .string()
      .regex(/^\d+$/)
      .transform(Number)
      .pipe(z.number().int().min(1, TRUST_PROXY_TEXT).max(10, TRUST_PROXY_TEXT)),
    commaList(proxyAddress).pipe(z.array(z.string()).min(1, TRUST_PROXY_TEXT)),
  ],
  { error: TRUST_PROXY_TEXT },
);

const environment = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
  DATABASE_URL: postgresUrl.optional(),
  GANTRY_DATA_DIR: z.string().min(1, "must not be empty").default(".data"),
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "must be development, production or test" })
    .default("development"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  GANTRY_EDITION: z.enum(EDITIONS, { error: `must be ${EDITIONS.join(" or ")}` }).default("cloud"),
  GANTRY_LICENSE_FILE: z.string().min(1, "must not be empty").optional(),
  GANTRY_LICENSE_PUBLIC_KEY: z.string().min(1, "must not be empty").optional(),
  GANTRY_PRODUCT_NAME: z.string().min(1, "must not be empty").default(DEFAULT_PRODUCT_NAME),
  PUBLIC_URL: httpUrl.optional(),
  SUPPORT_EMAIL: z.email({ error: "must be an email address" }).default("support@gantry.dev"),
  STATUS_FEED_URL: httpUrl.default("https://status.gantry.dev"),
  TROUBLESHOOTING_URL: httpUrl.default("https://docs.gantry.dev/troubleshooting"),
  WEB_DIST_DIR: z.string().min(1, "must not be empty").optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/.+/.test(value), "must be an smtp:// or smtps:// URL")
    .optional(),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\/.+/.test(value), "must be a redis:// or rediss:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3, "must be an address such as Gantry <no-reply@example.com>").optional(),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(true),
  REQUIRE_WORK_EMAIL: booleanFlag.default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a whole number of at least 1" })
    .int("must be a whole number of at least 1")
    .min(1, "must be a whole number of at least 1")
    .default(30),
  GANTRY_FEATURE_FLAGS: commaList(
    z.string().refine(isFeatureFlagName, "must be a comma-separated list of flag names such as roadmap_v2,ai-labels"),
  ).default([]),
  GANTRY_TEST_CLOCK: booleanFlag.default(false),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  ZENHUB_API_URL: z.string().url().default("https://api.zenhub.com/public/graphql"),
  ZENHUB_IMPORT_CLAIM_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds of at least 1" })
    .int("must be a whole number of seconds of at least 1")
    .min(1, "must be a whole number of seconds of at least 1")
    .default(120),
  AI_BASE_URL: httpUrl.optional(),
  AI_API_KEY: z.string().min(1, "must not be empty").optional(),
  AI_MODEL: z.string().min(1, "must not be empty").optional(),
  AI_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number of seconds greater than 0" })
    .positive("must be a number of seconds greater than 0")
    .default(30),
  TRUST_PROXY: trustProxy.default(false),
  GRAPHQL_CORS_ORIGINS: commaList(
    z
      .string()
      .refine(
        (value) =>
          URL.canParse(value) &&
          /^https?:$/.test(new URL(value).protocol) &&
          new URL(value).origin === value.replace(/\/$/, ""),
        "must be a comma-separated list of origins such as https://tools.example.com (no path, no *)",
      )
      .transform((value) => new URL(value).origin),
  ).default([]),
  GANTRY_INSTANCE_ADMINS: commaList(
    z.email({ error: "must be a comma-separated list of email addresses" }).transform((email) => email.toLowerCase()),
  ).default([]),
});

export type Environment = z.infer<typeof environment>;

/** An OpenAI-compatible chat-completions endpoint (hosted or self-hosted). */
export interface AiEndpointConfig {
  /** The API base, such as https://api.openai.com/v1; requests go to {baseUrl}/chat/completions. */
  baseUrl: string;
  /** Sent as a bearer token; self-hosted servers may need none. Never logged. */
  apiKey: string | undefined;
  model: string;
  /** The longest wait for the answer to start, and between two streamed pieces of it. */
  timeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  production: boolean;
  logLevel: Environment["LOG_LEVEL"];
  edition: Environment["GANTRY_EDITION"];
  /** Enterprise edition: the signed licence file and the public key (PEM text, or a path to it) that checks it. */
  licenceFile: string | undefined;
  licencePublicKey: string | undefined;
  productName: string;
  publicUrl: string;
  supportEmail: string;
  statusFeedUrl: string;
  troubleshootingUrl: string;
  webDistDir: string | undefined;
  /** Without an SMTP server, mail goes to the dev outbox (never in production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Board events go through Redis pub/sub so several instances see each other's; in-process without it. */
  redisUrl: string | undefined;
  requireEmailVerification: boolean;
  requireWorkEmail: boolean;
  authRateLimitPerMinute: number;
  /** Feature flags on for everyone; grants switch more on per person or organisation. */
  featureFlags: string[];
  /**
   * Which X-Forwarded-For entries to believe (TRUST_PROXY): false (the socket's address, the default), the
   * number of proxies in front, or the proxies' addresses and ranges. Every limit, log line and audit entry
   * uses the address this picks.
   */
  trustProxy: false | number | string[];
  /** Other sites' origins whose pages may call /graphql (GRAPHQL_CORS_ORIGINS); the server's own always may. */
  graphqlCorsOrigins: string[];
  /** Lower-cased addresses of the people who run this install (read analytics, grant flags). */
  instanceAdmins: string[];
  /** End-to-end tests only: the server's clock can be moved forward through `POST /__test/clock`. */
  testClock: boolean;
  /** Opens /metrics to callers presenting it as a bearer token; without it, loopback callers only. */
  metricsToken: string | undefined;
  /** ZenHub's public GraphQL endpoint, read by the ZenHub import (a stand-in in tests, another host for ZenHub Enterprise). */
  zenhubApiUrl: string;
  /** How long a ZenHub import may go without saving progress before another process takes it over. */
  zenhubImportClaimMs: number;
  /** The language model AI features ask; null keeps every issue's text on this server. */
  ai: AiEndpointConfig | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Gantry cannot start: the configuration is invalid.\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** A URL's password replaced by "***", so an error naming a value (DATABASE_URL, REDIS_URL, SMTP_URL) never shows one. */
export function withoutPassword<Value extends string | undefined>(value: Value): Value {
  if (!value?.includes("@")) return value;
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = "***";
    return url.toString() as Value;
  } catch {
    // Not a URL: nothing in it is known to be a password.
    return value;
  }
}

/**
 * Reads the variables a schema names; a bad value stops the server with every problem named, the
 * variable, the reason and the value given. Shared by each feature's own configuration loader.
 */
export function parseEnvironment<Schema extends z.ZodType>(schema: Schema, env: NodeJS.ProcessEnv): z.output<Schema> {
  // An empty variable means "not set", as most deployment tools write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name} ${issue.message} (got ${JSON.stringify(withoutPassword(env[name]))})`;
      }),
    );
  }
  return parsed.data;
}

/** Reads the configuration from environment variables; every bad value is named with the reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnvironment(environment, env);
  if (e.NODE_ENV === "production" && !e.SMTP_URL) {
    throw new ConfigError(["SMTP_URL must be set in production, or no one receives verification and reset mail"]);
  }
  if (e.NODE_ENV === "production" && e.GANTRY_TEST_CLOCK) {
    throw new ConfigError(["GANTRY_TEST_CLOCK must not be set in production: it lets anyone move the server's clock"]);
  }
  if ((e.AI_API_KEY || e.AI_MODEL) && !e.AI_BASE_URL) {
    throw new ConfigError(["AI_BASE_URL must be set when AI_API_KEY or AI_MODEL is, or they are never used"]);
  }
  if (e.AI_BASE_URL && !e.AI_MODEL) {
    throw new ConfigError(["AI_MODEL must be set with AI_BASE_URL: it names the model to ask, such as gpt-4o-mini"]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.GANTRY_DATA_DIR),
    production: e.NODE_ENV === "production",
    logLevel: e.LOG_LEVEL,
    edition: e.GANTRY_EDITION,
    licenceFile: e.GANTRY_LICENSE_FILE ? resolve(e.GANTRY_LICENSE_FILE) : undefined,
    licencePublicKey: e.GANTRY_LICENSE_PUBLIC_KEY,
    productName: e.GANTRY_PRODUCT_NAME,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    supportEmail: e.SUPPORT_EMAIL,
    statusFeedUrl: e.STATUS_FEED_URL,
    troubleshootingUrl: e.TROUBLESHOOTING_URL,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.GANTRY_PRODUCT_NAME} <no-reply@localhost>`,
    redisUrl: e.REDIS_URL,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    requireWorkEmail: e.REQUIRE_WORK_EMAIL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    featureFlags: e.GANTRY_FEATURE_FLAGS,
    instanceAdmins: e.GANTRY_INSTANCE_ADMINS,
    trustProxy: e.TRUST_PROXY,
    graphqlCorsOrigins: e.GRAPHQL_CORS_ORIGINS,
    testClock: e.GANTRY_TEST_CLOCK,
    metricsToken: e.METRICS_TOKEN,
    zenhubApiUrl: e.ZENHUB_API_URL,
    zenhubImportClaimMs: e.ZENHUB_IMPORT_CLAIM_SECONDS * 1000,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""),
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: Math.round(e.AI_TIMEOUT_SECONDS * 1000),
          }
        : null,
  };
}
