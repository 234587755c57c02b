import { GantryError } from "../graphql/errors.js";

/** GitHub refused or failed; `reason` lets the web app pick the right page (SPEC §8 workspace auth failures). */
export function gitHubError(error: unknown): GantryError {
  const status = (error as { status?: number }).status;
  if (status === 401) {
    return new GantryError("FORBIDDEN", "Your GitHub token is invalid. Sign in with GitHub again.", {
      reason: "GITHUB_TOKEN_INVALID",
    });
  }
  const headers = (error as { response?: { headers?: Record<string, string | undefined> } }).response?.headers ?? {};
  if (status === 429 || (status === 403 && headers["x-ratelimit-remaining"] === "0")) {
    return new GantryError("RATE_LIMITED", "GitHub's rate limit is spent; Gantry tries again once it renews.", {
      reason: "GITHUB_RATE_LIMITED",
    });
  }
  if (status === 403) {
    // GitHub says why (e.g. "Must have admin rights to Repository."); pass it on.
    const why = (error as { response?: { data?: { message?: string } } }).response?.data?.message ?? "access denied";
    return new GantryError("FORBIDDEN", `GitHub refused the request: ${why}`, { reason: "GITHUB_REFUSED" });
  }
  if (status === 404)
    return new GantryError("NOT_FOUND", "GitHub has no such repository, or your account cannot see it.");
  const message = (error as { message?: string }).message ?? "GitHub did not answer.";
  return new GantryError("BAD_USER_INPUT", `GitHub refused the request: ${message}`);
}

export const notConnected = () =>
  new GantryError("FORBIDDEN", "Connect your GitHub account first.", { reason: "GITHUB_NOT_CONNECTED" });
