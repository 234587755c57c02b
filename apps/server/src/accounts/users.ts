import { type Executor, schema } from "@gantry/db";
import { eq, sql } from "drizzle-orm";

const { users } = schema;

export type User = typeof users.$inferSelect;

export async function findUserByEmail(deps: { db: Executor }, email: string): Promise<User | null> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user ?? null;
}
