import type { ViewerHome, ViewerOrganization } from "./api";

/**
 * SPEC §3 "Organisation list item". Today every item is a Gantry organisation; once GitHub is
 * connected the user's own account (`isUser`) and GitHub organisations join the list, with
 * `zhOrgId` naming the Gantry organisation they are linked to (null when none is).
 */
export interface OrganizationListItem {
  id: string;
  isUser: boolean;
  ownerAvatar: string | null;
  ownerName: string;
  isActive: boolean;
  zhOrgId: string | null;
}

/** How the dropdown shows an item (SPEC §2 "Organisation dropdown"). */
export interface OrganizationEntry extends OrganizationListItem {
  tag?: string;
  /** Disabled items cannot be clicked. */
  disabled?: boolean;
  tooltip?: string;
}

export const REQUESTED_TAG = "Requested";
export const REQUESTED_TOOLTIP = "Waiting for admin approval to join this organization";

/** The name as shown: "@name" for the user's own account. */
export function organizationDisplayName(item: Pick<OrganizationListItem, "isUser" | "ownerName">): string {
  return item.isUser ? `@${item.ownerName}` : item.ownerName;
}

/**
 * "Organizations with access to {Product}" once GitHub accounts are listed (they are there because
 * they granted Gantry access); "Organizations in {Product}" while only Gantry organisations are.
 */
export function organizationDropdownTitle(entries: readonly OrganizationListItem[], productName: string): string {
  const listsCodeHostAccounts = entries.some((entry) => entry.isUser || entry.zhOrgId === null);
  return listsCodeHostAccounts ? `Organizations with access to ${productName}` : `Organizations in ${productName}`;
}

/**
 * The viewer's organisations, then their GitHub accounts (the user's own and GitHub organisations,
 * once GitHub is connected), then pending access requests as disabled "Requested" items.
 */
export function organizationEntries(
  home: Pick<ViewerHome, "organizations" | "accessRequests">,
  activeId: string | null,
  codeHostAccounts: readonly OrganizationListItem[] = [],
): OrganizationEntry[] {
  const memberOf = new Set(home.organizations.map((organization) => organization.id));
  const organizations = home.organizations.map((organization) => ({
    id: organization.id,
    isUser: false,
    ownerAvatar: null,
    ownerName: organization.name,
    isActive: organization.id === activeId,
    zhOrgId: organization.id,
  }));
  const requested = home.accessRequests
    .filter((request) => request.state === "PENDING" && !memberOf.has(request.requestable.id))
    .map((request) => ({
      id: request.requestable.id,
      isUser: false,
      ownerAvatar: null,
      ownerName: request.requestable.name,
      isActive: false,
      zhOrgId: request.requestable.id,
      tag: REQUESTED_TAG,
      disabled: true,
      tooltip: REQUESTED_TOOLTIP,
    }));
  return [...organizations, ...codeHostAccounts, ...requested];
}

export function organizationSettingsPath(name: string): string {
  return `/settings/o/${encodeURIComponent(name)}`;
}

/** The organisation chosen in the dropdown, or the first one while none is (or the chosen one is gone). */
export function activeOrganization<Organization extends { id: string }>(
  organizations: readonly Organization[],
  chosenId: string | null,
): Organization | null {
  return organizations.find((organization) => organization.id === chosenId) ?? organizations[0] ?? null;
}

const ORGANIZATION_PAGE = /^\/organizations\/([^/]+)/;
const WORKSPACE_PAGE = /^\/workspaces\/([^/]+)/;

/**
 * The organisation a page belongs to, from its path: `/organizations/{id}/…` names it, and
 * `/workspaces/{id}/…` (workspace, board, issues, roadmap, reports) through the organisation
 * listing that workspace. Null elsewhere, or when the viewer's list does not hold it.
 */
export function organizationOfPath<Organization extends Pick<ViewerOrganization, "id" | "workspaces">>(
  pathname: string,
  organizations: readonly Organization[],
): Organization | null {
  const organizationId = pathname.match(ORGANIZATION_PAGE)?.[1];
  if (organizationId) return organizations.find((each) => each.id === decodeURIComponent(organizationId)) ?? null;
  const workspaceId = pathname.match(WORKSPACE_PAGE)?.[1];
  if (!workspaceId) return null;
  const id = decodeURIComponent(workspaceId);
  return organizations.find((each) => each.workspaces.nodes.some((workspace) => workspace.id === id)) ?? null;
}
