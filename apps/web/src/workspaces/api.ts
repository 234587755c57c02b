import type { PipelineCounts } from "@gantry/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { GraphQLRequestError } from "../api/graphql";
import { useGraphQL } from "../api/use-graphql";
import { useGraphQLMutation } from "../api/use-graphql-mutation";
import { type OrganizationRole, type PermissionLevel, VIEWER_HOME_KEY } from "../organizations/api";

export interface WorkspacePipeline {
  id: string;
  name: string;
  issueCounts: PipelineCounts;
}

export interface WorkspaceMember {
  permission: PermissionLevel;
  user: { id: string; email: string | null; name: string | null };
}

export interface WorkspaceDetails {
  id: string;
  name: string;
  description: string | null;
  private: boolean;
  pipelineLabelSync: boolean;
  viewerPermission: PermissionLevel;
  isDeletable: boolean;
  gantryOrganization: { id: string; name: string; members: { role: OrganizationRole; user: { id: string } }[] };
  pipelines: WorkspacePipeline[];
  members: WorkspaceMember[];
}

export const workspaceKey = (workspaceId: string) => ["workspace", workspaceId] as const;

const WORKSPACE = `query workspace($workspaceId: ID!) {
  viewer { id }
  workspace(id: $workspaceId) {
    id name description private pipelineLabelSync viewerPermission isDeletable
    gantryOrganization { id name members { role user { id } } }
    pipelines(includeClosed: true) { id name issueCounts { issuesCount pullRequestsCount totalStoryPoints } }
    members { permission user { id email name } }
  }
}`;

/** Answers that mean "you cannot open this workspace": nothing is gained by asking again. */
export function isWorkspaceAccessError(error: unknown): error is GraphQLRequestError {
  return error instanceof GraphQLRequestError && (error.code === "FORBIDDEN" || error.code === "NOT_FOUND");
}

type Request = ReturnType<typeof useGraphQL>;

/** The workspace page's query, also read ahead by the issue viewer (its votes name the members). */
export const workspaceQuery = (request: Request, workspaceId: string) =>
  queryOptions({
    queryKey: workspaceKey(workspaceId),
    queryFn: async () => {
      const answer = await request<{ viewer: { id: string }; workspace: WorkspaceDetails }>(WORKSPACE, {
        workspaceId,
      });
      return { viewerId: answer.viewer.id, workspace: answer.workspace };
    },
    retry: (failures, error) => !isWorkspaceAccessError(error) && failures < 1,
  });

export function useWorkspace(workspaceId: string) {
  return useQuery(workspaceQuery(useGraphQL(), workspaceId));
}

export function useSetWorkspaceViewedNow() {
  return useGraphQLMutation<unknown, { workspaceId: string }>(
    "mutation setWorkspaceViewedNow($workspaceId: ID!) { setWorkspaceViewedNow(input: { workspaceId: $workspaceId }) { workspace { id } } }",
    [VIEWER_HOME_KEY],
  );
}

export function useUpdateWorkspace(workspaceId: string) {
  return useGraphQLMutation<
    unknown,
    { workspaceId: string; name: string; description: string; private: boolean; pipelineLabelSync: boolean }
  >(
    `mutation updateWorkspace($workspaceId: ID!, $name: String!, $description: String, $private: Boolean, $pipelineLabelSync: Boolean) {
      updateWorkspace(input: { workspaceId: $workspaceId, name: $name, description: $description, private: $private, pipelineLabelSync: $pipelineLabelSync }) { workspace { id } }
    }`,
    [workspaceKey(workspaceId), VIEWER_HOME_KEY],
  );
}

export function useUpdateWorkspaceMemberPermission(workspaceId: string) {
  return useGraphQLMutation<unknown, { workspaceId: string; userId: string; role: PermissionLevel }>(
    `mutation updateWorkspaceGantryUserRole($workspaceId: ID!, $userId: ID!, $role: PermissionLevel!) {
      updateWorkspaceGantryUserRole(input: { workspaceId: $workspaceId, workspaceUserRoles: [{ gantryUserId: $userId, role: $role }] }) { workspace { id } }
    }`,
    [workspaceKey(workspaceId)],
  );
}

export function useDeleteWorkspace() {
  return useGraphQLMutation<unknown, { workspaceId: string }>(
    "mutation deleteWorkspace($workspaceId: ID!) { deleteWorkspace(input: { workspaceId: $workspaceId }) { workspaceId } }",
    [VIEWER_HOME_KEY],
  );
}
