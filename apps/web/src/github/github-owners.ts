import { type OrganizationListItem, organizationDisplayName } from "../organizations/organization-list";
import type { GitHubOrganization, GitHubUser } from "./api";

/** A GitHub account a repository can belong to: the user's own (`isUser`, treated as owner) or an organisation. */
export interface GitHubOwner extends OrganizationListItem {
  ghId: number;
}

/** SPEC §2/§6: the user's own account first, shown "@login", then their GitHub organisations; none is linked to a Gantry organisation. */
export function gitHubOwners(user: GitHubUser | null, organizations: readonly GitHubOrganization[]): GitHubOwner[] {
  const own: GitHubOwner[] = user
    ? [
        {
          id: `user-${user.ghId}`,
          ghId: user.ghId,
          isUser: true,
          ownerAvatar: user.avatarUrl,
          ownerName: user.login,
          isActive: false,
          zhOrgId: null,
        },
      ]
    : [];
  return [
    ...own,
    ...organizations.map((organization) => ({
      id: `organization-${organization.ghId}`,
      ghId: organization.ghId,
      isUser: false,
      ownerAvatar: organization.avatarUrl,
      ownerName: organization.login,
      isActive: false,
      zhOrgId: null,
    })),
  ];
}

export { organizationDisplayName as ownerDisplayName };
