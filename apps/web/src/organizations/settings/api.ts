import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../../api/use-graphql";
import { useGraphQLMutation } from "../../api/use-graphql-mutation";
import { type OrganizationRole, VIEWER_HOME_KEY } from "../api";

export interface SettingsPerson {
  id: string;
  email: string | null;
  name: string | null;
}

export interface OrganizationSettings {
  id: string;
  name: string;
  viewerRole: OrganizationRole;
  requireSaml: boolean;
  members: { role: OrganizationRole; user: SettingsPerson }[];
  invitations: { id: string; email: string; role: OrganizationRole; expiresAt: string }[];
  accessRequests: { id: string; createdAt: string; requester: SettingsPerson }[];
}

const SETTINGS_KEY = ["organization-settings"] as const;
const PERSON = "id email name";

const ORGANIZATION_SETTINGS = `query organizationSettings($name: String!) {
  viewer {
    id
    gantryOrganizations(query: $name, first: 100) {
      nodes {
        id name viewerRole requireSaml
        members { role user { ${PERSON} } }
        invitations { id email role expiresAt }
        accessRequests { id createdAt requester { ${PERSON} } }
      }
    }
  }
}`;

/** The viewer's organisation named exactly `name` (the search matches parts of names), or null. */
export function useOrganizationSettings(name: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: [...SETTINGS_KEY, name],
    queryFn: async () => {
      const { viewer } = await request<{
        viewer: { id: string; gantryOrganizations: { nodes: OrganizationSettings[] } };
      }>(ORGANIZATION_SETTINGS, { name });
      return {
        viewerId: viewer.id,
        organization: viewer.gantryOrganizations.nodes.find((organization) => organization.name === name) ?? null,
      };
    },
  });
}

const REFRESHES = [SETTINGS_KEY, VIEWER_HOME_KEY];

export function useRenameOrganization() {
  return useGraphQLMutation<
    { updateGantryOrganization: { gantryOrganization: { name: string } } },
    { organizationId: string; name: string }
  >(
    "mutation updateGantryOrganization($organizationId: ID!, $name: String!) { updateGantryOrganization(input: { gantryOrganizationId: $organizationId, name: $name }) { gantryOrganization { name } } }",
    REFRESHES,
  );
}

/** Owners only: whether members must sign in with SAML single sign-on (SPEC §6). */
export function useSetSamlRequired() {
  return useGraphQLMutation<
    { updateGantryOrganization: { gantryOrganization: { requireSaml: boolean } } },
    { organizationId: string; requireSaml: boolean }
  >(
    "mutation setSamlRequired($organizationId: ID!, $requireSaml: Boolean!) { updateGantryOrganization(input: { gantryOrganizationId: $organizationId, requireSaml: $requireSaml }) { gantryOrganization { requireSaml } } }",
    REFRESHES,
  );
}

export function useDeleteOrganization() {
  return useGraphQLMutation<unknown, { organizationId: string }>(
    "mutation deleteGantryOrganization($organizationId: ID!) { deleteGantryOrganization(input: { gantryOrganizationId: $organizationId }) { gantryOrganizationId } }",
    [VIEWER_HOME_KEY],
  );
}

export function useChangeMemberRole() {
  return useGraphQLMutation<unknown, { organizationId: string; userId: string; role: OrganizationRole }>(
    "mutation updateGantryOrganizationUserRole($organizationId: ID!, $userId: ID!, $role: GantryOrganizationRole!) { updateGantryOrganizationUserRole(input: { gantryOrganizationId: $organizationId, gantryUserId: $userId, role: $role }) { gantryOrganization { id } } }",
    REFRESHES,
  );
}

export function useRemoveMember() {
  return useGraphQLMutation<unknown, { organizationId: string; userId: string }>(
    "mutation removeUserFromGantryOrganization($organizationId: ID!, $userId: ID!) { removeUserFromGantryOrganization(input: { gantryOrganizationId: $organizationId, gantryUserId: $userId }) { gantryOrganizationId } }",
    REFRESHES,
  );
}

export function useInviteMember() {
  return useGraphQLMutation<unknown, { organizationId: string; email: string; role: OrganizationRole }>(
    "mutation createGantryOrganizationInvite($organizationId: ID!, $email: String!, $role: GantryOrganizationRole) { createGantryOrganizationInvite(input: { gantryOrganizationId: $organizationId, email: $email, role: $role }) { invitation { id } } }",
    REFRESHES,
  );
}

export function useRevokeInvitation() {
  return useGraphQLMutation<unknown, { invitationId: string }>(
    "mutation deleteGantryOrganizationInvite($invitationId: ID!) { deleteGantryOrganizationInvite(input: { invitationId: $invitationId }) { success } }",
    REFRESHES,
  );
}

export function useDecideAccessRequest(decision: "approve" | "decline") {
  const field = decision === "approve" ? "approveAccessRequest" : "declineAccessRequest";
  return useGraphQLMutation<unknown, { accessRequestId: string }>(
    `mutation ${field}($accessRequestId: ID!) { ${field}(input: { accessRequestId: $accessRequestId }) { accessRequest { id state } } }`,
    REFRESHES,
  );
}
