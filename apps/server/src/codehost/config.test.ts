import { describe, expect, it } from "vitest";
import { loadGitHubConfig } from "./config.js";

describe("GitHub settings", () => {
  it("are off without an OAuth application", () => {
    expect(loadGitHubConfig({})).toBeNull();
  });

  it("point at github.com and its API by default", () => {
    expect(loadGitHubConfig({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" })).toEqual({
      webUrl: "https://github.com",
      apiUrl: "https://api.github.com",
      clientId: "id",
      clientSecret: "secret",
      reconcileIntervalMs: 600_000,
    });
  });

  it("derive the GitHub Enterprise Server API path from its address", () => {
    const config = loadGitHubConfig({
      GITHUB_URL: "https://ghe.acme.io/",
      GITHUB_CLIENT_ID: "id",
      GITHUB_CLIENT_SECRET: "s",
    });
    expect(config?.apiUrl).toBe("https://ghe.acme.io/api/v3");
  });

  it("refuse half a client and a bad address, naming them", () => {
    expect(() => loadGitHubConfig({ GITHUB_CLIENT_ID: "id" })).toThrow(
      "GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together",
    );
    expect(() => loadGitHubConfig({ GITHUB_URL: "github.com" })).toThrow(
      'GITHUB_URL must be an absolute http(s) URL (got "github.com")',
    );
  });
});
