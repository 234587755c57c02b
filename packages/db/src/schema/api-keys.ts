import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { cascadingReference, createdAtColumn, generatedId } from "./columns.js";

/**
 * Personal API keys for scripts calling POST /public/graphql. Only a SHA-256 of the secret is
 * stored (as for sessions); `hint` keeps its last characters so a person can tell keys apart.
 * A revoked key is kept, stamped, so the list can say when it stopped working. `lastUsedAt` and
 * `lastUsedIpAddress` are written together, at most once a minute per key (decision 0063).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: generatedId(),
    userId: cascadingReference("user_id", () => users.id),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    hint: text("hint").notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** The client address of that use, as `TRUST_PROXY` resolves it (decision 0057). */
    lastUsedIpAddress: text("last_used_ip_address"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("api_keys_token_hash_key").on(table.tokenHash),
    index("api_keys_user_id_idx").on(table.userId),
  ],
);
