import { EXTENSION_BASE_PATH } from "@gantry/domain";

/** A GitHub page the extension adds to: a repository's pages, or one issue or pull request. */
export type GitHubPage =
  | { kind: "repository"; owner: string; repo: string }
  | { kind: "issue"; owner: string; repo: string; number: number; pullRequest: boolean };

/**
 * First path segments that are GitHub's own pages, not an owner: /settings/profile or
 * /orgs/acme/people must not get a Gantry tab.
 */
const NOT_AN_OWNER = new Set([
  "about",
  "account",
  "apps",
  "codespaces",
  "collections",
  "customer-stories",
  "dashboard",
  "enterprise",
  "enterprises",
  "events",
  "explore",
  "features",
  "github-copilot",
  "issues",
  "login",
  "logout",
  "marketplace",
  "new",
  "notifications",
  "organizations",
  "orgs",
  "pricing",
  "pulls",
  "search",
  "security",
  "sessions",
  "settings",
  "signup",
  "site",
  "sponsors",
  "stars",
  "topics",
  "trending",
  "users",
]);

const NAME = /^[A-Za-z0-9_.-]+$/;

/** What a GitHub address shows, or null when it is not a repository's page. */
export function parseGitHubPage(address: string | URL): GitHubPage | null {
  const url = new URL(address);
  const [owner = "", repo = "", section, number, ...rest] = url.pathname.split("/").filter(Boolean);
  if (!NAME.test(owner) || !NAME.test(repo) || NOT_AN_OWNER.has(owner.toLowerCase())) return null;
  if ((section === "issues" || section === "pull") && number !== undefined && /^[1-9]\d*$/.test(number)) {
    // A pull request's tabs (/pull/7/files) are still that pull request.
    if (section === "issues" && rest.length > 0) return { kind: "repository", owner, repo };
    return { kind: "issue", owner, repo, number: Number(number), pullRequest: section === "pull" };
  }
  return { kind: "repository", owner, repo };
}

/** The Gantry page the extension frames for a GitHub page (apps/web's extension routes). */
export function gantryPathFor(page: GitHubPage): string {
  const repository = `${EXTENSION_BASE_PATH}/github/${encodeURIComponent(page.owner)}/${encodeURIComponent(page.repo)}`;
  return page.kind === "issue" ? `${repository}/issues/${page.number}` : repository;
}

/** Whether a path handed to the frame page is one of the extension's GitHub pages. */
export function isGantryGitHubPath(path: string): boolean {
  const [owner, repo, ...rest] = path.startsWith(`${EXTENSION_BASE_PATH}/github/`)
    ? path.slice(EXTENSION_BASE_PATH.length + "/github/".length).split("/")
    : [];
  const isName = (segment: string | undefined) =>
    segment !== undefined && NAME.test(segment) && segment !== "." && segment !== "..";
  if (!isName(owner) || !isName(repo)) return false;
  return rest.length === 0 || (rest.length === 2 && rest[0] === "issues" && /^[1-9]\d*$/.test(rest[1] ?? ""));
}

export type GitHubTheme = "dark-mode" | "light-mode";

/**
 * GitHub's theme as SPEC §9's theme values: `<html data-color-mode>` is light, dark, or auto
 * (following the system, like prefers-color-scheme).
 */
export function gitHubTheme(colorMode: string | undefined, systemDark: boolean): GitHubTheme {
  if (colorMode === "dark") return "dark-mode";
  if (colorMode === "light") return "light-mode";
  return systemDark ? "dark-mode" : "light-mode";
}
