import type { OrganizationRole } from "../api";

// The server's rules (SPEC §6, apps/server/src/organizations), so the page hides what it would refuse.

/** Owners and admins manage members, invitations and access requests, and rename the organisation. */
export function canManageOrganization(viewerRole: OrganizationRole): boolean {
  return viewerRole !== "MEMBER";
}

/** Only owners touch owners. */
export function canChangeMember(viewerRole: OrganizationRole, memberRole: OrganizationRole): boolean {
  return canManageOrganization(viewerRole) && (memberRole !== "OWNER" || viewerRole === "OWNER");
}

/** Only owners make (or invite) owners. */
export function assignableRoles(viewerRole: OrganizationRole): OrganizationRole[] {
  return viewerRole === "OWNER" ? ["OWNER", "ADMIN", "MEMBER"] : ["ADMIN", "MEMBER"];
}

export function canDeleteOrganization(viewerRole: OrganizationRole): boolean {
  return viewerRole === "OWNER";
}

export function personName(person: { name: string | null; email: string | null }): string {
  return person.name ?? person.email ?? "Someone";
}
