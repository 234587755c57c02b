import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration from the environment", () => {
  it("runs with no settings at all: embedded database, port 3000, cloud edition", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, edition: "cloud", productName: "Gantry" });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it("takes PORT, DATABASE_URL and the data folder", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://db.internal/gantry",
      GANTRY_DATA_DIR: "/srv/gantry",
    });
    expect(config).toMatchObject({ port: 8080, databaseUrl: "postgres://db.internal/gantry", dataDir: "/srv/gantry" });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it("names every bad value with the reason and what it got", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", GANTRY_EDITION: "gold", SUPPORT_EMAIL: "nobody" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a whole number between 0 and 65535 (got "eighty")',
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")',
      'GANTRY_EDITION must be cloud or enterprise (got "gold")',
      'SUPPORT_EMAIL must be an email address (got "nobody")',
    ]);
    expect((error as Error).message).toContain("Gantry cannot start: the configuration is invalid.");
  });

  it("takes REDIS_URL for cross-instance board events, and refuses another scheme", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://cache.internal:6379/0" }).redisUrl).toBe("redis://cache.internal:6379/0");
    expect(() => loadConfig({ REDIS_URL: "http://cache.internal" })).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL (got "http://cache.internal")',
    );
  });

  it("refuses a port out of range and a non-http public URL", () => {
    expect(() => loadConfig({ PORT: "70000" })).toThrow("PORT must be a whole number between 0 and 65535");
    expect(() => loadConfig({ PUBLIC_URL: "ftp://gantry.example" })).toThrow(
      "PUBLIC_URL must be an absolute http(s) URL",
    );
  });
});

describe("feature flags and instance admins from the environment", () => {
  it("reads comma-separated lists, ignoring spaces and empty entries", () => {
    const config = loadConfig({
      GANTRY_FEATURE_FLAGS: "roadmap_v2, ai-labels,,",
      GANTRY_INSTANCE_ADMINS: "Ops@Acme.test, root@acme.test",
    });
    expect(config.featureFlags).toEqual(["roadmap_v2", "ai-labels"]);
    expect(config.instanceAdmins).toEqual(["ops@acme.test", "root@acme.test"]);
    expect(loadConfig({})).toMatchObject({ featureFlags: [], instanceAdmins: [] });
  });

  it("refuses a bad flag name or address", () => {
    expect(() => loadConfig({ GANTRY_FEATURE_FLAGS: "Roadmap V2" })).toThrow(
      "GANTRY_FEATURE_FLAGS must be a comma-separated list of flag names such as roadmap_v2,ai-labels",
    );
    expect(() => loadConfig({ GANTRY_INSTANCE_ADMINS: "ops" })).toThrow(
      "GANTRY_INSTANCE_ADMINS must be a comma-separated list of email addresses",
    );
  });
});

describe("the AI endpoint from the environment", () => {
  it("is off with no AI_BASE_URL, so no issue text leaves the server", () => {
    expect(loadConfig({}).ai).toBeNull();
  });

  it("takes an OpenAI-compatible base URL, key, model and timeout", () => {
    const config = loadConfig({
      AI_BASE_URL: "https://llm.internal/v1/",
      AI_API_KEY: "sk-test",
      AI_MODEL: "llama3",
      AI_TIMEOUT_SECONDS: "2.5",
    });
    expect(config.ai).toEqual({
      baseUrl: "https://llm.internal/v1",
      apiKey: "sk-test",
      model: "llama3",
      timeoutMs: 2500,
    });
    expect(loadConfig({ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "m" }).ai).toMatchObject({
      apiKey: undefined,
      timeoutMs: 30_000,
    });
  });

  it("refuses a half-made endpoint or a bad value, without repeating the key", () => {
    expect(() => loadConfig({ AI_BASE_URL: "https://llm.internal/v1" })).toThrow(
      "AI_MODEL must be set with AI_BASE_URL",
    );
    expect(() => loadConfig({ AI_API_KEY: "sk-secret", AI_MODEL: "m" })).toThrow(
      "AI_BASE_URL must be set when AI_API_KEY or AI_MODEL is",
    );
    expect(() => loadConfig({ AI_API_KEY: "sk-secret", AI_MODEL: "m" })).not.toThrow("sk-secret");
    expect(() => loadConfig({ AI_BASE_URL: "llm.internal", AI_MODEL: "m" })).toThrow(
      "AI_BASE_URL must be an absolute http(s) URL",
    );
    expect(() => loadConfig({ AI_BASE_URL: "http://x", AI_MODEL: "m", AI_TIMEOUT_SECONDS: "0" })).toThrow(
      "AI_TIMEOUT_SECONDS must be a number of seconds greater than 0",
    );
  });
});

describe("client addresses, cross-site callers and secrets in start-up errors (issue #28)", () => {
  it("trusts no proxy by default, and takes a hop count or proxy addresses and ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback,fd00::/8" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "loopback",
      "fd00::/8",
    ]);
    for (const bad of ["true", "0", "10.0.0.0/33", "proxy.internal"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(`TRUST_PROXY must be false, a number of proxies`);
    }
  });

  it("takes other origins for /graphql, and refuses a wildcard or a path", () => {
    expect(loadConfig({ GRAPHQL_CORS_ORIGINS: "https://tools.example.com/" }).graphqlCorsOrigins).toEqual([
      "https://tools.example.com",
    ]);
    expect(() => loadConfig({ GRAPHQL_CORS_ORIGINS: "*" })).toThrow("GRAPHQL_CORS_ORIGINS must be");
    expect(() => loadConfig({ GRAPHQL_CORS_ORIGINS: "https://a.example/app" })).toThrow("GRAPHQL_CORS_ORIGINS must be");
  });

  it("names a bad URL without its password", () => {
    expect(() => loadConfig({ REDIS_URL: "http://user:s3cret@cache.internal" })).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL (got "http://user:***@cache.internal/")',
    );
  });
});
