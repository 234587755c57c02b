import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import {
  cascadingReference,
  createdAtColumn,
  creationAndUpdateTimes,
  generatedId,
  linkKeyAndReverseIndex,
} from "./columns.js";
import { workspaces } from "./workspaces.js";

export const ORGANIZATION_ROLES = ["owner", "admin", "member"] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const organizations = pgTable(
  "organizations",
  {
    id: generatedId(),
    name: text("name").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Members must have signed in with SAML to reach the organisation's resources. */
    requireSaml: boolean("require_saml").notNull().default(false),
    /** Admins may switch AI features off; while off, no issue text is sent to a model or classified. */
    aiEnabled: boolean("ai_enabled").notNull().default(true),
    ...creationAndUpdateTimes(),
  },
  // The name is the organisation's address (/settings/o/{orgName}), so it is unique whatever its case.
  (table) => [uniqueIndex("organizations_name_lower_key").on(sql`lower(${table.name})`)],
);

export const organizationMembers = pgTable(
  "organization_members",
  {
    organizationId: cascadingReference("organization_id", () => organizations.id),
    userId: cascadingReference("user_id", () => users.id),
    role: text("role").$type<OrganizationRole>().notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [...linkKeyAndReverseIndex("organization_members_user_idx", table.organizationId, table.userId)],
);

/** An emailed invitation: the token (hashed) is the link, valid for one address until it expires. */
export const organizationInvitations = pgTable(
  "organization_invitations",
  {
    id: generatedId(),
    organizationId: cascadingReference("organization_id", () => organizations.id),
    email: text("email").notNull(),
    role: text("role").$type<OrganizationRole>().notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    /** A workspace of the organisation the invitee also joins on accepting (an editor there); gone with it. */
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("organization_invitations_token_hash_key").on(table.tokenHash),
    index("organization_invitations_org_idx").on(table.organizationId),
  ],
);

export const ACCESS_REQUEST_STATES = ["PENDING", "APPROVED", "DECLINED"] as const;
export type AccessRequestState = (typeof ACCESS_REQUEST_STATES)[number];

export const accessRequests = pgTable(
  "access_requests",
  {
    id: generatedId(),
    organizationId: cascadingReference("organization_id", () => organizations.id),
    userId: cascadingReference("user_id", () => users.id),
    state: text("state").$type<AccessRequestState>().notNull().default("PENDING"),
    createdAt: createdAtColumn(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  // One open request per person and organisation, however often they click.
  (table) => [
    uniqueIndex("access_requests_one_pending_key")
      .on(table.organizationId, table.userId)
      .where(sql`${table.state} = 'PENDING'`),
    index("access_requests_user_idx").on(table.userId),
  ],
);
