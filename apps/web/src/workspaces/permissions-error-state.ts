import type { GraphQLRequestError } from "../api/graphql";

export const WORKSPACE_PERMISSIONS_ERROR_PATH = "/workspace-permissions-error";

/** Navigation state of /workspace-permissions-error: whose workspace it was and where the person was going. */
export interface WorkspacePermissionsErrorState {
  /** WORKSPACE_ACCESS: not a member of the organisation (or a private workspace); WORKSPACE_PERMISSION: too low a permission. */
  reason?: "WORKSPACE_ACCESS" | "WORKSPACE_PERMISSION";
  organizationId?: string;
  organizationName?: string;
  from?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** What a FORBIDDEN or NOT_FOUND answer to `workspace(id)` tells the error page. */
export function permissionsErrorState(error: GraphQLRequestError, from: string): WorkspacePermissionsErrorState {
  const { reason, organizationId, organizationName } = error.extensions;
  return {
    ...(reason === "WORKSPACE_ACCESS" || reason === "WORKSPACE_PERMISSION" ? { reason } : {}),
    ...(text(organizationId) ? { organizationId: text(organizationId) } : {}),
    ...(text(organizationName) ? { organizationName: text(organizationName) } : {}),
    from,
  };
}
