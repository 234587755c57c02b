import { type Database, schema } from "@gantry/db";
import { checkUserSetting } from "@gantry/domain";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";

const { userSettings } = schema;

export type UserSetting = typeof userSettings.$inferSelect;

/** Dismissals are open-ended by name, so the number a person keeps is capped. */
export const MAX_SETTINGS_PER_USER = 500;

export async function userSettingsOf(db: Database, userId: string): Promise<UserSetting[]> {
  return db.select().from(userSettings).where(eq(userSettings.userId, userId)).orderBy(asc(userSettings.name));
}

/** Saves one setting, replacing its value; a bad name or value is refused with what it must be. */
export async function setUserSetting(
  deps: { db: Database; now: () => Date },
  userId: string,
  input: { name: string; value: unknown },
): Promise<UserSetting> {
  const checked = checkUserSetting(input.name, input.value);
  if (!checked.ok) throw new GantryError("BAD_USER_INPUT", checked.message, { field: checked.field });
  return deps.db.transaction(async (tx) => {
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(userSettings)
      .where(and(eq(userSettings.userId, userId), ne(userSettings.name, input.name)));
    if ((others?.count ?? 0) >= MAX_SETTINGS_PER_USER) {
      throw new GantryError("BAD_USER_INPUT", `You can keep at most ${MAX_SETTINGS_PER_USER} saved settings.`, {
        field: "name",
      });
    }
    const row = { userId, name: input.name, value: checked.value, updatedAt: deps.now() };
    const [saved] = await tx
      .insert(userSettings)
      .values(row)
      .onConflictDoUpdate({ target: [userSettings.userId, userSettings.name], set: row })
      .returning();
    if (!saved) throw new Error("upsert returned no setting");
    return saved;
  });
}
