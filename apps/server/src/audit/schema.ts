import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../graphql/builder.js";
import { forwardPageConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { requireOrganizationRole } from "../organizations/access.js";
import { GantryOrganization } from "../organizations/schema.js";
import { type AuditRow, auditCursor, auditPage, DEFAULT_AUDIT_PAGE } from "./queries.js";
import { AUDIT_ACTIONS, type AuditAction } from "./record.js";

/** `signin.succeeded` → `SIGNIN_SUCCEEDED`: GraphQL enum names cannot hold dots. */
const enumName = (action: AuditAction) => action.toUpperCase().replaceAll(".", "_");

export const AuditActionEnum = builder.enumType("AuditAction", {
  description: "What an audit event records (decision 0041).",
  values: Object.fromEntries(AUDIT_ACTIONS.map((action) => [enumName(action), { value: action }])) as Record<
    string,
    { value: AuditAction }
  >,
});

const AuditActor = builder.objectRef<{ id: string | null; name: string | null; email: string | null }>("AuditActor");
AuditActor.implement({
  description: "Who did it: the account (when it still exists) and what it was called.",
  fields: (t) => ({
    gantryUserId: t.id({
      nullable: true,
      resolve: (actor) => (actor.id ? encodeGlobalID("GantryUser", actor.id) : null),
    }),
    name: t.string({ nullable: true, resolve: (actor) => actor.name }),
    email: t.string({
      nullable: true,
      description: "The account's address, or the address typed in for a failed sign-in.",
      resolve: (actor) => actor.email,
    }),
  }),
});

const AuditTarget = builder.objectRef<{ type: string; id: string; label: string | null }>("AuditTarget");
AuditTarget.implement({
  description: "What the action was done to.",
  fields: (t) => ({
    type: t.exposeString("type", { description: "user, organization, workspace, pipeline, issue, webhook, api_key" }),
    id: t.exposeString("id", { description: "The database id of the target (it may no longer exist)." }),
    label: t.string({ nullable: true, resolve: (target) => target.label }),
  }),
});

const AuditEvent = builder.objectRef<AuditRow>("AuditEvent");
AuditEvent.implement({
  description: "One security-relevant action. Never holds passwords, tokens or secrets.",
  fields: (t) => ({
    id: t.id({ resolve: (row) => encodeGlobalID("AuditEvent", row.event.id) }),
    occurredAt: t.field({ type: "ISO8601DateTime", resolve: (row) => row.event.occurredAt }),
    action: t.field({ type: AuditActionEnum, resolve: (row) => row.event.action as AuditAction }),
    actor: t.field({
      type: AuditActor,
      nullable: true,
      resolve: (row) =>
        row.actor?.id || row.event.actorLabel
          ? {
              id: row.actor?.id ?? null,
              name: row.actor?.name ?? null,
              email: row.actor?.email ?? row.event.actorLabel,
            }
          : null,
    }),
    target: t.field({
      type: AuditTarget,
      nullable: true,
      resolve: (row) =>
        row.event.targetType && row.event.targetId
          ? { type: row.event.targetType, id: row.event.targetId, label: row.event.targetLabel }
          : null,
    }),
    ipAddress: t.string({ nullable: true, resolve: (row) => row.event.ipAddress }),
    userAgent: t.string({ nullable: true, resolve: (row) => row.event.userAgent }),
    details: t.field({ type: "JSON", resolve: (row) => row.event.details }),
  }),
});

type PageArgs = { first?: number | null; after?: string | null; last?: number | null; before?: string | null };

async function auditConnection(
  context: GraphQLContext,
  organizationId: string | null,
  args: PageArgs & { action?: AuditAction | null },
) {
  if (args.last != null || args.before != null) {
    throw new GantryError("BAD_USER_INPUT", "The audit log pages forwards only: use first and after.");
  }
  const page = await auditPage(context.db, {
    organizationId,
    action: args.action ?? null,
    first: args.first ?? DEFAULT_AUDIT_PAGE,
    after: args.after ?? null,
  });
  return forwardPageConnection(page, args.after, (row) => auditCursor(row.event));
}

builder.objectField(GantryOrganization, "auditEvents", (t) =>
  t.connection(
    {
      type: AuditEvent,
      description:
        "The organisation's audit log, newest first: role changes, removals and deletions in it and its workspaces (owners and admins only; decision 0041).",
      args: { action: t.arg({ type: AuditActionEnum, required: false }) },
      resolve: async (organization, args, context) => {
        // Checked again here (not only via viewerRole) so SAML enforcement applies as to any admin action.
        await requireOrganizationRole(context.db, organization.id, signedInViewer(context).id, "admin");
        return auditConnection(context, organization.id, args);
      },
    },
    { name: "AuditEventConnection" },
    { name: "AuditEventEdge" },
  ),
);

builder.queryField("auditEvents", (t) =>
  t.connection({
    type: AuditEvent,
    description:
      "The whole install's audit log, newest first, sign-ins included (instance admins only; decision 0041).",
    authScopes: { instanceAdmin: true },
    args: { action: t.arg({ type: AuditActionEnum, required: false }) },
    resolve: (_root, args, context) => auditConnection(context, null, args),
  }),
);
