import { describe, expect, it } from "vitest";
import { assertGitHubResponse, assertGitHubWebhook, templateOf } from "./openapi.js";

describe("checking responses against GitHub's OpenAPI description", () => {
  it("matches concrete paths to the most specific template", () => {
    expect(templateOf("/repos/acme/web-app/issues/comments")).toBe("/repos/{owner}/{repo}/issues/comments");
    expect(templateOf("/repos/acme/web-app/issues/7")).toBe("/repos/{owner}/{repo}/issues/{issue_number}");
  });

  it("rejects a body missing fields GitHub requires", () => {
    expect(() => assertGitHubResponse("GET", "/repos/acme/web-app/labels", 200, [{ name: "bug" }])).toThrow(
      /must have required property 'id'/,
    );
  });

  it("holds errors an operation does not list to GitHub's basic error shape", () => {
    expect(() => assertGitHubResponse("GET", "/repos/acme/web-app/labels", 401, { message: 42 })).toThrow(
      /must be string/,
    );
  });

  it("holds webhook payloads to the schema for their event and action", () => {
    expect(() => assertGitHubWebhook("issues", "opened", { action: "opened" })).toThrow(/required property 'issue'/);
    expect(() => assertGitHubWebhook("issues", "teleported", {})).toThrow(/has no schema webhook-issues-teleported/);
  });
});
