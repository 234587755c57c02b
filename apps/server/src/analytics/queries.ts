import { type Database, schema } from "@gantry/db";
import { and, count, desc, eq, type SQL } from "drizzle-orm";

const { analyticsEvents, users } = schema;

export interface EventFilter {
  event?: string | undefined;
  userId?: string | undefined;
}

function where(filter: EventFilter): SQL | undefined {
  return and(
    filter.event === undefined ? undefined : eq(analyticsEvents.event, filter.event),
    filter.userId === undefined ? undefined : eq(analyticsEvents.userId, filter.userId),
  );
}

/** One page of the event table, newest first, with the person who sent each event. */
export async function eventPage(db: Database, filter: EventFilter, page: { offset: number; limit: number }) {
  return db
    .select({ event: analyticsEvents, user: users })
    .from(analyticsEvents)
    .innerJoin(users, eq(users.id, analyticsEvents.userId))
    .where(where(filter))
    .orderBy(desc(analyticsEvents.createdAt), desc(analyticsEvents.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function eventCount(db: Database, filter: EventFilter): Promise<number> {
  const [row] = await db.select({ count: count() }).from(analyticsEvents).where(where(filter));
  return row?.count ?? 0;
}
