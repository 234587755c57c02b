import { describe, expect, it } from "vitest";
import { gitHubError } from "./errors.js";

const refusal = (status: number, message: string, headers: Record<string, string> = {}) => ({
  status,
  message,
  response: { headers, data: { message } },
});

describe("GitHub's refusals as Gantry errors", () => {
  it("asks to sign in again when the token is no longer valid", () => {
    expect(gitHubError(refusal(401, "Bad credentials")).extensions).toMatchObject({
      code: "FORBIDDEN",
      reason: "GITHUB_TOKEN_INVALID",
    });
  });

  it("tells a spent rate limit from a refusal, and passes GitHub's reason on", () => {
    const spent = gitHubError(refusal(403, "API rate limit exceeded", { "x-ratelimit-remaining": "0" }));
    expect(spent.extensions).toMatchObject({ code: "RATE_LIMITED", reason: "GITHUB_RATE_LIMITED" });
    const refused = gitHubError(
      refusal(403, "Must have admin rights to Repository.", { "x-ratelimit-remaining": "4000" }),
    );
    expect(refused.extensions).toMatchObject({ code: "FORBIDDEN", reason: "GITHUB_REFUSED" });
    expect(refused.message).toBe("GitHub refused the request: Must have admin rights to Repository.");
    expect(gitHubError(refusal(429, "slow down")).extensions.code).toBe("RATE_LIMITED");
  });
});
