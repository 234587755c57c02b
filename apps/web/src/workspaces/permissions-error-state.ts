import type { GraphQLRequestError } from "../api/graphql";

export const WORKSPACE_PERMISSIONS_ERROR_PATH = "/workspace-permissions-error";

const ERROR_REASONS = ["WORKSPACE_ACCESS", "WORKSPACE_PERMISSION", "SAML_AUTH_REQUIRED"] as const;

function knownReason(value: unknown): (typeof ERROR_REASONS)[number] | undefined {
  return ERROR_REASONS.find((reason) => reason === value);
}

/** A refusal because the organisation requires SAML sign-on, whichever call it answered. */
export function isSamlRequired(error: GraphQLRequestError): boolean {
  return error.extensions.reason === "SAML_AUTH_REQUIRED";
}

/** Navigation state of /workspace-permissions-error: whose workspace it was and where the person was going. */
export interface WorkspacePermissionsErrorState {
  /**
   * WORKSPACE_ACCESS: not a member of the organisation (or a private workspace); WORKSPACE_PERMISSION:
   * too low a permission; SAML_AUTH_REQUIRED: the organisation requires SAML sign-on (SPEC §6).
   */
  reason?: (typeof ERROR_REASONS)[number];
  organizationId?: string;
  organizationName?: string;
  from?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** What a FORBIDDEN or NOT_FOUND answer to `workspace(id)` tells the error page. */
export function permissionsErrorState(error: GraphQLRequestError, from: string): WorkspacePermissionsErrorState {
  const { organizationId, organizationName } = error.extensions;
  const reason = knownReason(error.extensions.reason);
  return {
    ...(reason ? { reason } : {}),
    ...(text(organizationId) ? { organizationId: text(organizationId) } : {}),
    ...(text(organizationName) ? { organizationName: text(organizationName) } : {}),
    from,
  };
}
