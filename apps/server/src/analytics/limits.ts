import type { schema } from "@gantry/db";
import { GantryError } from "../graphql/errors.js";

export type AnalyticsProperties = (typeof schema.analyticsEvents.$inferSelect)["properties"];

/** Sizes that keep one person from filling the database (docs/decisions/0004). */
export const ANALYTICS_LIMITS = {
  eventNameLength: 100,
  propertyCount: 50,
  propertyNameLength: 100,
  stringValueLength: 1000,
  userPropertyCount: 100,
  aliasLength: 200,
  aliasesPerUser: 20,
  eventsPerHour: 1000,
  incrementMagnitude: 1_000_000,
} as const;

const EVENT_NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.:/-]*$/u;

function refuse(field: string, message: string): never {
  throw new GantryError("BAD_USER_INPUT", message, { field });
}

export function checkEventName(event: string): string {
  const name = event.trim();
  if (name.length === 0 || name.length > ANALYTICS_LIMITS.eventNameLength || !EVENT_NAME.test(name)) {
    refuse(
      "event",
      `An event name is 1 to ${ANALYTICS_LIMITS.eventNameLength} letters, digits, spaces and _ . : / - characters.`,
    );
  }
  return name;
}

export function checkAlias(alias: string): string {
  const trimmed = alias.trim();
  if (trimmed.length === 0 || trimmed.length > ANALYTICS_LIMITS.aliasLength) {
    refuse("alias", `An alias is 1 to ${ANALYTICS_LIMITS.aliasLength} characters.`);
  }
  return trimmed;
}

function propertyEntries(value: unknown, field: string): [string, unknown][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    refuse(field, "Properties must be an object of names and values.");
  }
  const entries = Object.entries(value);
  if (entries.length > ANALYTICS_LIMITS.propertyCount) {
    refuse(field, `At most ${ANALYTICS_LIMITS.propertyCount} properties can be sent at once.`);
  }
  for (const [name] of entries) {
    if (name.length === 0 || name.length > ANALYTICS_LIMITS.propertyNameLength) {
      refuse(field, `A property name is 1 to ${ANALYTICS_LIMITS.propertyNameLength} characters.`);
    }
  }
  return entries;
}

const isPropertyValue = (value: unknown) =>
  value === null ||
  typeof value === "boolean" ||
  (typeof value === "number" && Number.isFinite(value)) ||
  (typeof value === "string" && value.length <= ANALYTICS_LIMITS.stringValueLength);

/** A flat map of names to strings, numbers, booleans or null. */
export function checkProperties(value: unknown, field = "properties"): AnalyticsProperties {
  const entries = propertyEntries(value, field);
  if (!entries.every(([, item]) => isPropertyValue(item))) {
    refuse(
      field,
      `A property value is a string of at most ${ANALYTICS_LIMITS.stringValueLength} characters, a number, true, false or null.`,
    );
  }
  return Object.fromEntries(entries) as AnalyticsProperties;
}

/** A map of names to the amounts to add. */
export function checkIncrements(value: unknown): Record<string, number> {
  const entries = propertyEntries(value, "properties");
  const bound = ANALYTICS_LIMITS.incrementMagnitude;
  if (!entries.every(([, item]) => typeof item === "number" && Number.isFinite(item) && Math.abs(item) <= bound)) {
    refuse("properties", `Each increment is a number between -${bound} and ${bound}.`);
  }
  return Object.fromEntries(entries) as Record<string, number>;
}
