import { nodeId, type Site } from "../http/site.js";
import type { Account } from "../store/records.js";
import type { HubStore } from "../store/store.js";

function avatarUrl(site: Site, account: Account): string {
  return `${site.webUrl}/avatars/${encodeURIComponent(account.login)}`;
}

/** GitHub's `simple-user`, which organisations also take when they own or send something. */
export function simpleUser(site: Site, account: Account) {
  const url = `${site.apiUrl}/users/${account.login}`;
  return {
    login: account.login,
    id: account.id,
    node_id: nodeId(account.type, account.id),
    avatar_url: avatarUrl(site, account),
    gravatar_id: "",
    url,
    html_url: `${site.webUrl}/${account.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: account.type,
    user_view_type: "public",
    site_admin: false,
  };
}

export function nullableSimpleUser(site: Site, store: HubStore, accountId: number | null) {
  return accountId === null ? null : simpleUser(site, store.account(accountId));
}

/** GitHub's `public-user`: an account's profile as anyone sees it. */
export function publicUser(site: Site, store: HubStore, account: Account) {
  const publicRepositories = store.repositoriesOwnedBy(account).filter((repository) => !repository.private);
  return {
    ...simpleUser(site, account),
    name: account.name,
    company: null,
    blog: "",
    location: null,
    email: account.email,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: publicRepositories.length,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}

/** GitHub's `private-user`: what `GET /user` shows an account about itself. */
export function privateUser(site: Site, store: HubStore, account: Account) {
  const privateCount = store.repositoriesOwnedBy(account).filter((repository) => repository.private).length;
  return {
    ...publicUser(site, store, account),
    user_view_type: "private",
    private_gists: 0,
    total_private_repos: privateCount,
    owned_private_repos: privateCount,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: false,
  };
}

/** GitHub's `organization-simple`. */
export function organizationSimple(site: Site, organization: Account) {
  const url = `${site.apiUrl}/orgs/${organization.login}`;
  return {
    login: organization.login,
    id: organization.id,
    node_id: nodeId("Organization", organization.id),
    url,
    repos_url: `${url}/repos`,
    events_url: `${url}/events`,
    hooks_url: `${url}/hooks`,
    issues_url: `${url}/issues`,
    members_url: `${url}/members{/member}`,
    public_members_url: `${url}/public_members{/member}`,
    avatar_url: avatarUrl(site, organization),
    description: organization.description,
  };
}
