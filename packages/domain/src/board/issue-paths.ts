/**
 * SPEC §2 "Issue paths are built in three forms". The segment counts differ, so each form
 * reads back unambiguously.
 */
const segment = encodeURIComponent;

/** 1. A native issue: by workspace and issue number. */
export function nativeIssuePath(workspaceId: string, issueNumber: number): string {
  return `/workspaces/${segment(workspaceId)}/issues/${issueNumber}`;
}

/** 2. A workspace issue: by workspace, organisation, repository and issue number. */
export function workspaceIssuePath(workspaceId: string, owner: string, repository: string, issueNumber: number) {
  return `/workspaces/${segment(workspaceId)}/issues/${segment(owner)}/${segment(repository)}/${issueNumber}`;
}

/** 3. A repository issue with no workspace. */
export function repositoryIssuePath(owner: string, repository: string, issueNumber: number): string {
  return `/issues/${segment(owner)}/${segment(repository)}/${issueNumber}`;
}
