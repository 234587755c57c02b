import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { createdAtColumn, generatedId } from "./columns.js";
import { organizations } from "./organizations.js";

/**
 * A feature flag switched on for one person or for every member of one organisation. Flags on
 * for everyone come from configuration instead; a flag with no grant and no default is off.
 */
export const featureFlagGrants = pgTable(
  "feature_flag_grants",
  {
    id: generatedId(),
    flag: text("flag").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    check("feature_flag_grants_one_target", sql`(${table.userId} is null) <> (${table.organizationId} is null)`),
    uniqueIndex("feature_flag_grants_user_flag_key").on(table.userId, table.flag),
    uniqueIndex("feature_flag_grants_organization_flag_key").on(table.organizationId, table.flag),
  ],
);
