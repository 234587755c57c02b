import { nodeId, type Site } from "../http/site.js";
import type { Account, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";
import { simpleUser } from "../users/wire.js";
import { hasAccess, permissionOf } from "./access.js";

/** `…/repos/{owner}/{repo}` on the API, the base of every URL inside a repository. */
export function repositoryApiUrl(site: Site, store: HubStore, repository: Repository): string {
  return `${site.apiUrl}/repos/${store.fullName(repository)}`;
}

export function repositoryHtmlUrl(site: Site, store: HubStore, repository: Repository): string {
  return `${site.webUrl}/${store.fullName(repository)}`;
}

function repositoryUrls(site: Site, fullName: string) {
  const url = `${site.apiUrl}/repos/${fullName}`;
  return {
    url,
    html_url: `${site.webUrl}/${fullName}`,
    archive_url: `${url}/{archive_format}{/ref}`,
    assignees_url: `${url}/assignees{/user}`,
    blobs_url: `${url}/git/blobs{/sha}`,
    branches_url: `${url}/branches{/branch}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    comments_url: `${url}/comments{/number}`,
    commits_url: `${url}/commits{/sha}`,
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: `${url}/contents/{+path}`,
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: `${url}/git/commits{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    hooks_url: `${url}/hooks`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    issue_events_url: `${url}/issues/events{/number}`,
    issues_url: `${url}/issues{/number}`,
    keys_url: `${url}/keys{/key_id}`,
    labels_url: `${url}/labels{/name}`,
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: `${url}/pulls{/number}`,
    releases_url: `${url}/releases{/id}`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: `${url}/statuses/{sha}`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: `${url}/git/trees{/sha}`,
    git_url: `${site.webUrl.replace(/^https?/, "git")}/${fullName}.git`,
    ssh_url: `git@${new URL(site.webUrl).host}:${fullName}.git`,
    clone_url: `${site.webUrl}/${fullName}.git`,
    svn_url: `${site.webUrl}/${fullName}`,
  };
}

/**
 * GitHub's `full-repository`. It carries every field of `repository` and `minimal-repository`,
 * so list endpoints answer with it too, as GitHub's own lists carry most of them.
 */
export function repositoryWire(site: Site, store: HubStore, repository: Repository, viewer: Account | null) {
  const owner = store.account(repository.ownerId);
  const fullName = `${owner.login}/${repository.name}`;
  const openIssues = [...repository.issues.values()].filter((issue) => issue.state === "open").length;
  const permission = permissionOf(store, repository, viewer);
  return {
    id: repository.id,
    node_id: nodeId("Repository", repository.id),
    name: repository.name,
    full_name: fullName,
    owner: simpleUser(site, owner),
    private: repository.private,
    visibility: repository.private ? "private" : "public",
    description: repository.description,
    fork: false,
    ...repositoryUrls(site, fullName),
    homepage: null,
    language: null,
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    subscribers_count: 0,
    network_count: 0,
    size: 0,
    default_branch: repository.defaultBranch,
    open_issues: openIssues,
    open_issues_count: openIssues,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: repository.archived,
    disabled: false,
    mirror_url: null,
    license: null,
    allow_forking: true,
    web_commit_signoff_required: false,
    pushed_at: repository.pushedAt,
    created_at: repository.createdAt,
    updated_at: repository.updatedAt,
    ...(permission && {
      permissions: {
        admin: hasAccess(permission, "admin"),
        maintain: hasAccess(permission, "admin"),
        push: hasAccess(permission, "push"),
        triage: hasAccess(permission, "push"),
        pull: true,
      },
    }),
    ...(owner.type === "Organization" && { organization: simpleUser(site, owner) }),
  };
}
