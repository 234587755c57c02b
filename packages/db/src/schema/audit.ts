import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { generatedId } from "./columns.js";

/**
 * The audit log of security-relevant actions (issue #15, decision 0041). Rows are never
 * updated. `organization_id` and `workspace_id` carry no foreign key on purpose: deleting an
 * organisation or workspace must not delete the record that it was deleted. The actor is
 * null for failed sign-ins of unknown addresses and for the system. Secrets (passwords,
 * tokens, keys) are never stored; `details` holds only the few plain facts each action names.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: generatedId(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** What the actor was called then, so the log still reads after the account is gone. */
    actorLabel: text("actor_label"),
    action: text("action").notNull(),
    organizationId: uuid("organization_id"),
    workspaceId: uuid("workspace_id"),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (table) => [
    index("audit_events_organization_idx").on(table.organizationId, table.occurredAt.desc(), table.id.desc()),
    index("audit_events_occurred_idx").on(table.occurredAt.desc(), table.id.desc()),
  ],
);
