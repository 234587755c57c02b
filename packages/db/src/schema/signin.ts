import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { type IdentityProvider, users } from "./accounts.js";
import { cascadingReference, createdAtColumn, generatedId } from "./columns.js";

/**
 * A person's identity at an enterprise or social sign-in provider (Google, Microsoft Entra, LDAP,
 * SAML): the provider's stable subject, so a later sign-in finds the account even when the
 * address changes, and the roles the directory's groups mapped to at the last sign-in.
 */
export const signinIdentities = pgTable(
  "signin_identities",
  {
    id: generatedId(),
    userId: cascadingReference("user_id", () => users.id),
    provider: text("provider").$type<IdentityProvider>().notNull(),
    subject: text("subject").notNull(),
    roles: jsonb("roles").$type<string[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("signin_identities_provider_subject_key").on(table.provider, table.subject),
    index("signin_identities_user_idx").on(table.userId),
  ],
);

/** SAML response and assertion ids already accepted, kept until they expire so none is accepted twice. */
export const samlSeenMessages = pgTable(
  "saml_seen_messages",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("saml_seen_messages_expires_idx").on(table.expiresAt)],
);
