import { type Database, schema } from "@gantry/db";
import { and, count, eq, gt } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import {
  ANALYTICS_LIMITS,
  type AnalyticsProperties,
  checkAlias,
  checkEventName,
  checkIncrements,
  checkProperties,
} from "./limits.js";

const { analyticsAliases, analyticsEvents, analyticsUserProperties } = schema;

export interface AnalyticsDeps {
  db: Database;
  now: () => Date;
}

const HOUR_MS = 60 * 60 * 1000;

export async function trackEvent(
  deps: AnalyticsDeps,
  userId: string,
  input: { event: string; properties?: unknown },
): Promise<void> {
  const event = checkEventName(input.event);
  const properties = input.properties == null ? {} : checkProperties(input.properties);
  const now = deps.now();
  const [recent] = await deps.db
    .select({ count: count() })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.userId, userId), gt(analyticsEvents.createdAt, new Date(now.getTime() - HOUR_MS))));
  if ((recent?.count ?? 0) >= ANALYTICS_LIMITS.eventsPerHour) {
    throw new GantryError("RATE_LIMITED", "Too many analytics events from this account; try again in an hour.");
  }
  await deps.db.insert(analyticsEvents).values({ userId, event, properties, createdAt: now });
}

/** Links another id the person was known by (an anonymous browser id) to their account. */
export async function aliasUser(deps: AnalyticsDeps, userId: string, rawAlias: string): Promise<void> {
  const alias = checkAlias(rawAlias);
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ count: count() })
      .from(analyticsAliases)
      .where(eq(analyticsAliases.userId, userId));
    if ((existing?.count ?? 0) >= ANALYTICS_LIMITS.aliasesPerUser) {
      throw new GantryError(
        "BAD_USER_INPUT",
        `An account can have at most ${ANALYTICS_LIMITS.aliasesPerUser} aliases.`,
        {
          field: "alias",
        },
      );
    }
    await tx.insert(analyticsAliases).values({ userId, alias, createdAt: deps.now() }).onConflictDoNothing();
  });
}

/** Reads, changes and writes a person's properties under a row lock, refusing a map that grows too big. */
async function changeUserProperties(
  deps: AnalyticsDeps,
  userId: string,
  change: (current: AnalyticsProperties) => AnalyticsProperties,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.insert(analyticsUserProperties).values({ userId }).onConflictDoNothing();
    const [row] = await tx
      .select({ properties: analyticsUserProperties.properties })
      .from(analyticsUserProperties)
      .where(eq(analyticsUserProperties.userId, userId))
      .for("update");
    const properties = change(row?.properties ?? {});
    if (Object.keys(properties).length > ANALYTICS_LIMITS.userPropertyCount) {
      throw new GantryError(
        "BAD_USER_INPUT",
        `An account can have at most ${ANALYTICS_LIMITS.userPropertyCount} analytics properties.`,
        { field: "properties" },
      );
    }
    await tx
      .update(analyticsUserProperties)
      .set({ properties, updatedAt: deps.now() })
      .where(eq(analyticsUserProperties.userId, userId));
  });
}

/** Sets the given properties; a null value removes one. */
export async function updateUserProperties(deps: AnalyticsDeps, userId: string, rawProperties: unknown) {
  const updates = checkProperties(rawProperties);
  await changeUserProperties(deps, userId, (current) =>
    Object.fromEntries(Object.entries({ ...current, ...updates }).filter(([, value]) => value !== null)),
  );
}

/** Adds to numeric properties; one that is missing or not a number starts from 0. */
export async function incrementUserProperties(deps: AnalyticsDeps, userId: string, rawIncrements: unknown) {
  const increments = checkIncrements(rawIncrements);
  await changeUserProperties(deps, userId, (current) => {
    const next = { ...current };
    for (const [name, amount] of Object.entries(increments)) {
      const before = next[name];
      next[name] = (typeof before === "number" ? before : 0) + amount;
    }
    return next;
  });
}
