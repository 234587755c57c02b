import { sql } from "drizzle-orm";
import { check, date, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { issues } from "./codehost.js";

/**
 * Start and end days of GitHub epics (issues with `is_epic`), which GitHub has no field for: the
 * roadmap plans them beside Gantry epics and releases (decision 0029). One row per epic, whatever
 * boards show it; an epic without a row has no dates.
 */
export const epicDates = pgTable(
  "epic_dates",
  {
    issueId: uuid("issue_id")
      .primaryKey()
      .references(() => issues.id, { onDelete: "cascade" }),
    startOn: date("start_on"),
    endOn: date("end_on"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "epic_dates_in_order",
      sql`${table.endOn} is null or ${table.startOn} is null or ${table.endOn} >= ${table.startOn}`,
    ),
  ],
);
