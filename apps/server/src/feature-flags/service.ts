import { type Database, type Executor, schema } from "@gantry/db";
import { isFeatureFlagName } from "@gantry/domain";
import { and, eq, inArray, or } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";

const { featureFlagGrants, organizationMembers, organizations, users } = schema;

/**
 * The flags on for a person: the install's defaults, their own grants and their
 * organisations' grants, once each in name order. Anything missing counts as off.
 */
export async function featureFlagsFor(db: Executor, defaults: readonly string[], userId: string): Promise<string[]> {
  const memberOf = db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  const granted = await db
    .select({ flag: featureFlagGrants.flag })
    .from(featureFlagGrants)
    .where(or(eq(featureFlagGrants.userId, userId), inArray(featureFlagGrants.organizationId, memberOf)));
  return [...new Set([...defaults, ...granted.map((row) => row.flag)])].sort();
}

export type FlagTarget = { userId: string } | { organizationId: string };

async function requireTarget(db: Database, target: FlagTarget): Promise<void> {
  const [found] =
    "userId" in target
      ? await db.select({ id: users.id }).from(users).where(eq(users.id, target.userId))
      : await db
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, target.organizationId));
  if (!found)
    throw new GantryError("NOT_FOUND", `This ${"userId" in target ? "user" : "organization"} does not exist.`);
}

/** Switches a flag on or off for one person or organisation; doing it twice changes nothing. */
export async function setFeatureFlag(
  db: Database,
  input: { flag: string; enabled: boolean; target: FlagTarget },
): Promise<void> {
  if (!isFeatureFlagName(input.flag)) {
    throw new GantryError(
      "BAD_USER_INPUT",
      "A feature flag is up to 64 lower-case letters and digits in words joined by _ or -.",
      { field: "flag" },
    );
  }
  await requireTarget(db, input.target);
  const targetColumn =
    "userId" in input.target
      ? eq(featureFlagGrants.userId, input.target.userId)
      : eq(featureFlagGrants.organizationId, input.target.organizationId);
  if (input.enabled) {
    await db
      .insert(featureFlagGrants)
      .values({ flag: input.flag, ...input.target })
      .onConflictDoNothing();
  } else {
    await db.delete(featureFlagGrants).where(and(eq(featureFlagGrants.flag, input.flag), targetColumn));
  }
}
