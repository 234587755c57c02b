import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { issues } from "./codehost.js";
import { cascadingReference } from "./columns.js";
import { organizations } from "./organizations.js";

/**
 * Where an issue sits among its siblings in an organisation's strategic planning panel (see
 * packages/domain ordering). Issues without a row sort after ranked ones, oldest first, so only
 * moved issues (and the siblings a move had to place) are written.
 */
export const planningRanks = pgTable(
  "planning_ranks",
  {
    organizationId: cascadingReference("organization_id", () => organizations.id),
    issueId: cascadingReference("issue_id", () => issues.id),
    rank: text("rank").notNull(),
    /**
     * When a person put this issue here in Gantry; null for places Gantry chose itself (GitHub's
     * sub-issue order, siblings a move had to rank). A level GitHub reorders later follows GitHub.
     */
    placedAt: timestamp("placed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.issueId] }),
    index("planning_ranks_organization_rank_idx").on(table.organizationId, table.rank),
  ],
);
