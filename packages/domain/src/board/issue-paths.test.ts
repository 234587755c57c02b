import { describe, expect, it } from "vitest";
import { nativeIssuePath, repositoryIssuePath, workspaceIssuePath } from "./issue-paths.js";

describe("issue paths (SPEC §2, three forms)", () => {
  it("builds each form with its own number of segments", () => {
    expect(nativeIssuePath("V29ya3NwYWNlOjE=", 7)).toBe("/workspaces/V29ya3NwYWNlOjE%3D/issues/7");
    expect(workspaceIssuePath("W1", "acme", "web-app", 42)).toBe("/workspaces/W1/issues/acme/web-app/42");
    expect(repositoryIssuePath("acme", "web-app", 42)).toBe("/issues/acme/web-app/42");
  });

  it("escapes names that are not path-safe", () => {
    expect(repositoryIssuePath("a b", "c/d", 1)).toBe("/issues/a%20b/c%2Fd/1");
  });
});
