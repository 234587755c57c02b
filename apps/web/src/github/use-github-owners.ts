import { useGitHubAccounts, useGitHubUser } from "./api";
import { type GitHubOwner, gitHubOwners } from "./github-owners";

/**
 * The organisation dropdown's GitHub part: the user's own account and GitHub organisations once
 * GitHub is connected; none before, or while GitHub cannot be reached (the dropdown still works).
 */
export function useGitHubOwners(): GitHubOwner[] {
  const user = useGitHubUser();
  const connected = Boolean(user.data);
  const accounts = useGitHubAccounts({ enabled: connected });
  if (!connected || !accounts.data) return [];
  return gitHubOwners(accounts.data.user, accounts.data.organizations);
}
