import { describe, expect, it } from "vitest";
import { expectLinkEcho, forgetLinkEcho, type LinkEcho, takeLinkEcho } from "./link-echoes.js";

const added: LinkEcho = { kind: "sub_issue", added: true, issueIds: [11, 12], repositoryIds: [1, 2] };

describe("echoes of Gantry's own links", () => {
  it("skips each of GitHub's two deliveries once, each to its own repository", () => {
    expectLinkEcho(added, 1_000);
    expect(takeLinkEcho({ action: "sub_issue_added", issueIds: [11, 12], repositoryId: 2 }, 1_001)).toBe(false);
    expect(takeLinkEcho({ action: "sub_issue_added", issueIds: [11, 12], repositoryId: 1 }, 1_001)).toBe(true);
    expect(takeLinkEcho({ action: "parent_issue_added", issueIds: [11, 12], repositoryId: 2 }, 1_001)).toBe(true);
    // The same change made again on GitHub is GitHub's, not an echo.
    expect(takeLinkEcho({ action: "sub_issue_added", issueIds: [11, 12], repositoryId: 1 }, 1_002)).toBe(false);
  });

  it("expects nothing back from a refused write, and forgets an echo that never came", () => {
    const blocked: LinkEcho = { kind: "dependency", added: true, issueIds: [21, 22], repositoryIds: [1, 1] };
    expectLinkEcho(blocked, 0);
    forgetLinkEcho(blocked);
    expect(takeLinkEcho({ action: "blocked_by_added", issueIds: [21, 22], repositoryId: 1 }, 1)).toBe(false);
    expectLinkEcho(blocked, 0);
    expect(takeLinkEcho({ action: "blocking_added", issueIds: [21, 22], repositoryId: 1 }, 10 * 60_000)).toBe(false);
  });
});
