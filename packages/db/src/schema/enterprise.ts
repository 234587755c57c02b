import { sql } from "drizzle-orm";
import { check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { cascadingReference, generatedId } from "./columns.js";

export const ENTERPRISE_SEAT_STATES = ["REQUESTED", "APPROVED", "DECLINED"] as const;
export type EnterpriseSeatState = (typeof ENTERPRISE_SEAT_STATES)[number];

/**
 * A person's enterprise seat (licence) and its request: one row per person, REQUESTED until an
 * instance admin approves or declines it. Only APPROVED rows count against the licence's limit.
 */
export const enterpriseSeats = pgTable(
  "enterprise_seats",
  {
    id: generatedId(),
    userId: cascadingReference("user_id", () => users.id),
    state: text("state").$type<EnterpriseSeatState>().notNull().default("REQUESTED"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("enterprise_seats_user_key").on(table.userId),
    index("enterprise_seats_state_idx").on(table.state),
    check("enterprise_seats_state_check", sql`${table.state} in ('REQUESTED', 'APPROVED', 'DECLINED')`),
  ],
);

/** The days each seat holder used Gantry, as the web app reports them (the usage-tracking mutation). */
export const enterpriseSeatUsage = pgTable(
  "enterprise_seat_usage",
  {
    userId: cascadingReference("user_id", () => users.id),
    day: date("day", { mode: "string" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
