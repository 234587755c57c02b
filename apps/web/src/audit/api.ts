import { useInfiniteQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";

/** The server's AuditAction enum (apps/server/src/audit/record.ts), in words for people. */
export const AUDIT_ACTION_NAMES = {
  SIGNIN_SUCCEEDED: "Signed in",
  SIGNIN_FAILED: "Sign-in failed",
  SIGNOUT: "Signed out",
  SIGNOUT_EVERYWHERE: "Signed out everywhere",
  PASSWORD_RESET: "Reset their password",
  ORGANIZATION_MEMBER_ROLE_CHANGED: "Changed an organization role",
  ORGANIZATION_MEMBER_REMOVED: "Removed from the organization",
  ORGANIZATION_DELETED: "Deleted the organization",
  WORKSPACE_MEMBER_ROLE_CHANGED: "Changed a workspace role",
  WORKSPACE_MEMBER_REMOVED: "Removed from a workspace",
  WORKSPACE_DELETED: "Deleted a workspace",
  SEAT_APPROVED: "Approved a seat",
  SEAT_DECLINED: "Declined a seat request",
  SEAT_REVOKED: "Took back a seat",
  API_KEY_CREATED: "Created an API key",
  API_KEY_REVOKED: "Revoked an API key",
  WEBHOOK_DELETED: "Deleted a webhook",
  PIPELINE_DELETED: "Deleted a pipeline",
  ISSUE_DELETED: "Deleted an issue",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_NAMES;

/** The actions an organisation's log can hold: sign-ins, API keys and seats belong to the install. */
export const ORGANIZATION_AUDIT_ACTIONS: AuditAction[] = [
  "ORGANIZATION_MEMBER_ROLE_CHANGED",
  "ORGANIZATION_MEMBER_REMOVED",
  "WORKSPACE_MEMBER_ROLE_CHANGED",
  "WORKSPACE_MEMBER_REMOVED",
  "WORKSPACE_DELETED",
  "PIPELINE_DELETED",
  "ISSUE_DELETED",
  "WEBHOOK_DELETED",
];

export const INSTANCE_AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_NAMES) as AuditAction[];

export interface AuditEventRow {
  id: string;
  occurredAt: string;
  action: AuditAction;
  actor: { gantryUserId: string | null; name: string | null; email: string | null } | null;
  target: { type: string; id: string; label: string | null } | null;
  ipAddress: string | null;
  details: Record<string, unknown>;
}

export interface AuditPage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: AuditEventRow[];
}

const FIELDS = `totalCount
  pageInfo { hasNextPage endCursor }
  nodes { id occurredAt action actor { gantryUserId name email } target { type id label } ipAddress details }`;

const ORGANIZATION_LOG = `query OrganizationAuditLog($id: ID!, $action: AuditAction, $after: String) {
  node(id: $id) { ... on GantryOrganization { auditEvents(first: 50, after: $after, action: $action) { ${FIELDS} } } }
}`;

const INSTANCE_LOG = `query InstanceAuditLog($action: AuditAction, $after: String) {
  auditEvents(first: 50, after: $after, action: $action) { ${FIELDS} }
}`;

/** Whose log: one organisation's (its owners and admins), or the whole install's (instance admins). */
export type AuditScope = { organizationId: string } | "instance";

/** The log newest first, 50 events a page; `action` narrows it to one kind. */
export function useAuditEvents(scope: AuditScope, action: AuditAction | null) {
  const request = useGraphQL();
  return useInfiniteQuery({
    queryKey: ["audit-events", scope === "instance" ? "instance" : scope.organizationId, action],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<AuditPage> => {
      if (scope === "instance") {
        return (await request<{ auditEvents: AuditPage }>(INSTANCE_LOG, { action, after: pageParam })).auditEvents;
      }
      const answer = await request<{ node: { auditEvents: AuditPage } | null }>(ORGANIZATION_LOG, {
        id: scope.organizationId,
        action,
        after: pageParam,
      });
      if (!answer.node) throw new Error("This organization does not exist.");
      return answer.node.auditEvents;
    },
    getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null),
    // A refusal (not an admin) will not change by asking again.
    retry: false,
  });
}
