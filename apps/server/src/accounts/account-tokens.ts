import { type AccountTokenPurpose, type Executor, schema } from "@gantry/db";
import { and, eq, isNull } from "drizzle-orm";
import type { AccountsDeps } from "./deps.js";
import { hashToken, newToken } from "./secrets.js";

const { accountTokens } = schema;

/** Issues a single-use mailed token, retiring any earlier unused one for the same purpose. */
export async function issueAccountToken(
  deps: AccountsDeps,
  userId: string,
  purpose: AccountTokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = newToken(purpose === "verify_email" ? "gve" : purpose === "reset_password" ? "grp" : "gul");
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    await tx.insert(accountTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
  });
  return token;
}

export type TokenCheck = { status: "valid"; id: string } | { status: "invalid" } | { status: "expired" };

/** Finds an unused token of this purpose for this user; it stays unused until `spendAccountToken`. */
export async function checkAccountToken(
  deps: AccountsDeps,
  userId: string,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<TokenCheck> {
  const [row] = await deps.db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
      ),
    );
  if (!row || row.usedAt) return { status: "invalid" };
  if (row.expiresAt <= deps.now()) return { status: "expired" };
  return { status: "valid", id: row.id };
}

/** Marks a token used; false when another request spent it first, so it works exactly once. */
export async function spendAccountToken(executor: Executor, id: string, now: Date): Promise<boolean> {
  const spent = await executor
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return spent.length === 1;
}
