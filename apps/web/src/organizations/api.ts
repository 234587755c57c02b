import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";
import { useGraphQLMutation } from "../api/use-graphql-mutation";
import { useAfterFirstCards } from "../app/first-cards";

export type OrganizationRole = "OWNER" | "ADMIN" | "MEMBER";

export const ROLE_NAMES: Record<OrganizationRole, string> = { OWNER: "Owner", ADMIN: "Admin", MEMBER: "Member" };
export type PermissionLevel = "NONE" | "READ" | "WRITE" | "ADMIN";
export type AccessRequestState = "PENDING" | "APPROVED" | "DECLINED";

export interface WorkspaceSummary {
  id: string;
  name: string;
  description: string | null;
  private: boolean;
}

export interface ViewerOrganization {
  id: string;
  name: string;
  viewerRole: OrganizationRole;
  workspaces: { nodes: WorkspaceSummary[] };
}

export interface ViewerAccessRequest {
  id: string;
  state: AccessRequestState;
  requestable: { id: string; name: string };
}

export interface RecentWorkspace extends WorkspaceSummary {
  gantryOrganization: { id: string; name: string };
}

export interface ViewerHome {
  organizations: ViewerOrganization[];
  accessRequests: ViewerAccessRequest[];
  recentWorkspaces: RecentWorkspace[];
}

/** Every query reading the viewer's organisations sits under this key, so one invalidation refreshes them all. */
export const VIEWER_HOME_KEY = ["viewer-home"] as const;

const WORKSPACE_SUMMARY = "id name description private";

const VIEWER_HOME = `query viewerHome {
  viewer {
    gantryOrganizations(first: 100) {
      nodes { id name viewerRole workspaces(first: 100) { nodes { ${WORKSPACE_SUMMARY} } } }
    }
    accessRequests(first: 50) { nodes { id state requestable { id name } } }
    recentlyViewedWorkspaces(first: 5) { ${WORKSPACE_SUMMARY} gantryOrganization { id name } }
  }
}`;

interface ViewerHomeAnswer {
  viewer: {
    gantryOrganizations: { nodes: ViewerOrganization[] };
    accessRequests: { nodes: ViewerAccessRequest[] };
    recentlyViewedWorkspaces: RecentWorkspace[];
  };
}

/** The viewer's organisations with their workspaces, access requests and recent workspaces. */
export function useViewerHome({ enabled = true }: { enabled?: boolean } = {}) {
  const request = useGraphQL();
  // The shell's lists are read after a board's first cards (decision 0101).
  const afterFirstCards = useAfterFirstCards();
  return useQuery({
    queryKey: VIEWER_HOME_KEY,
    enabled: enabled && afterFirstCards,
    queryFn: async (): Promise<ViewerHome> => {
      const { viewer } = await request<ViewerHomeAnswer>(VIEWER_HOME);
      return {
        organizations: viewer.gantryOrganizations.nodes,
        accessRequests: viewer.accessRequests.nodes,
        recentWorkspaces: viewer.recentlyViewedWorkspaces,
      };
    },
  });
}

export function useCreateOrganization() {
  return useGraphQLMutation<
    { createGantryOrganization: { gantryOrganization: { id: string; name: string } } },
    { name: string }
  >(
    "mutation createGantryOrganization($name: String!) { createGantryOrganization(input: { name: $name }) { gantryOrganization { id name } } }",
    [VIEWER_HOME_KEY],
  );
}

export function useCreateWorkspace() {
  return useGraphQLMutation<
    { createWorkspace: { workspace: { id: string } } },
    { organizationId: string; name: string; description: string; private: boolean }
  >(
    `mutation createWorkspace($organizationId: ID!, $name: String!, $description: String, $private: Boolean) {
      createWorkspace(input: { gantryOrganizationId: $organizationId, name: $name, description: $description, private: $private }) { workspace { id } }
    }`,
    [VIEWER_HOME_KEY],
  );
}

export function useRequestOrganizationAccess() {
  return useGraphQLMutation<
    { requestGantryOrganizationAccess: { accessRequest: ViewerAccessRequest } },
    { organizationId: string }
  >(
    `mutation requestGantryOrganizationAccess($organizationId: ID!) {
      requestGantryOrganizationAccess(input: { gantryOrganizationId: $organizationId }) { accessRequest { id state requestable { id name } } }
    }`,
    [VIEWER_HOME_KEY],
  );
}
