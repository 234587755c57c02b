import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadingReference, createdAtColumn, creationAndUpdateTimes, generatedId } from "./columns.js";

/** How an account was first created; "email" accounts sign in with a password. */
export const IDENTITY_PROVIDERS = [
  "email",
  "github",
  "google_oauth2",
  "azure_activedirectory_v2",
  "ldap",
  "saml",
] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

export const users = pgTable(
  "users",
  {
    id: generatedId(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    ...creationAndUpdateTimes(),
    identityProvider: text("identity_provider").$type<IdentityProvider>().notNull().default("email"),
    /** argon2id; null for accounts that only sign in through a provider. */
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    failedLoginAttempts: integer("failed_login_attempts").notNull().default(0),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /** Where a sign-up came from (HubSpot cookie, UTM parameters), for the team's own reporting. */
    signupAttribution: jsonb("signup_attribution").$type<{
      hubspotUtk: string | null;
      utmParams: Record<string, string>;
    }>(),
  },
  // Emails are unique regardless of case: "Ada@x.io" and "ada@x.io" are one person.
  (table) => [uniqueIndex("users_email_lower_key").on(sql`lower(${table.email})`)],
);

/** Signed-in sessions. Only a SHA-256 of the bearer token is stored, so a database leak signs no one in. */
export const sessions = pgTable(
  "sessions",
  {
    id: generatedId(),
    userId: cascadingReference("user_id", () => users.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_key").on(table.tokenHash),
    index("sessions_user_id_idx").on(table.userId),
  ],
);

export const ACCOUNT_TOKEN_PURPOSES = ["verify_email", "reset_password", "unlock"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** Single-use tokens mailed to a person: verification, password reset, unlock. Hashed like sessions. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: generatedId(),
    userId: cascadingReference("user_id", () => users.id),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("account_tokens_token_hash_key").on(table.tokenHash),
    index("account_tokens_user_purpose_idx").on(table.userId, table.purpose),
  ],
);
