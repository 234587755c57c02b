import { type Executor, schema } from "@gantry/db";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AccountsDeps } from "./deps.js";
import { SESSION_TTL_MS } from "./deps.js";
import { hashToken, newToken } from "./secrets.js";

const { sessions, users } = schema;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

export async function createSession(executor: Executor, userId: string, now: Date): Promise<IssuedSession> {
  const token = newToken("gnt");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await executor.insert(sessions).values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

export type SessionUser = typeof users.$inferSelect;

/** The user behind a bearer token, or null when the token is unknown, expired or revoked. */
export async function userForToken(deps: Pick<AccountsDeps, "db" | "now">, token: string): Promise<SessionUser | null> {
  const [row] = await deps.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, deps.now())),
    );
  return row?.user ?? null;
}

export async function revokeSession(deps: Pick<AccountsDeps, "db" | "now">, token: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

/** After a password reset every other device must sign in again. */
export async function revokeAllSessions(executor: Executor, userId: string, now: Date): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** `Authorization: Bearer <token>` → the token, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? null;
}
