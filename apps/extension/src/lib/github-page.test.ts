import { describe, expect, it } from "vitest";
import { gantryPathFor, gitHubTheme, isGantryGitHubPath, parseGitHubPage } from "./github-page";

describe("parseGitHubPage", () => {
  it("reads a repository's pages", () => {
    for (const address of [
      "https://github.com/acme/api",
      "https://github.com/acme/api/",
      "https://github.com/acme/api/tree/main/src",
      "https://github.com/acme/api/issues",
      "https://github.com/acme/api/issues/12/linked_closing_reference",
      "https://github.com/acme/api/pulls?q=is%3Aopen",
    ]) {
      expect(parseGitHubPage(address), address).toEqual({ kind: "repository", owner: "acme", repo: "api" });
    }
  });

  it("reads an issue or a pull request, with its tabs", () => {
    expect(parseGitHubPage("https://github.com/acme/api/issues/12#issuecomment-1")).toEqual({
      kind: "issue",
      owner: "acme",
      repo: "api",
      number: 12,
      pullRequest: false,
    });
    expect(parseGitHubPage("https://ghe.acme.test/acme/my.repo/pull/7/files")).toEqual({
      kind: "issue",
      owner: "acme",
      repo: "my.repo",
      number: 7,
      pullRequest: true,
    });
  });

  it("ignores GitHub's own pages and pages that are no repository's", () => {
    for (const address of [
      "https://github.com/",
      "https://github.com/acme",
      "https://github.com/settings/profile",
      "https://github.com/orgs/acme/people",
      "https://github.com/marketplace/actions",
    ]) {
      expect(parseGitHubPage(address), address).toBeNull();
    }
  });

  it("takes an issue number only when it is a whole number from 1", () => {
    expect(parseGitHubPage("https://github.com/acme/api/issues/0")?.kind).toBe("repository");
    expect(parseGitHubPage("https://github.com/acme/api/issues/new")?.kind).toBe("repository");
  });
});

describe("gantryPathFor", () => {
  it("names the Gantry page framed for a repository and for an issue", () => {
    expect(gantryPathFor({ kind: "repository", owner: "acme", repo: "api" })).toBe("/extension/github/acme/api");
    const issue = { kind: "issue", owner: "acme", repo: "api", number: 7, pullRequest: true } as const;
    expect(gantryPathFor(issue)).toBe("/extension/github/acme/api/issues/7");
    expect(isGantryGitHubPath(gantryPathFor(issue))).toBe(true);
  });

  it("lets the frame page open no other Gantry page", () => {
    for (const path of [
      "/landing",
      "/extension/sign-in",
      "//evil.test/x",
      "/extension/github/a/b/../../../landing",
      "/extension/github/../..",
    ]) {
      expect(isGantryGitHubPath(path), path).toBe(false);
    }
  });
});

describe("gitHubTheme", () => {
  it("follows GitHub's colour mode, and the system's when GitHub's is auto", () => {
    expect(gitHubTheme("dark", false)).toBe("dark-mode");
    expect(gitHubTheme("light", true)).toBe("light-mode");
    expect(gitHubTheme("auto", true)).toBe("dark-mode");
    expect(gitHubTheme(undefined, false)).toBe("light-mode");
  });
});
