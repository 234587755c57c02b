import { type Executor, preparedStatement, schema } from "@gantry/db";
import { and, eq, gt, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { type AuditOrigin, recordAuditEvent } from "../audit/record.js";
import type { AccountsDeps } from "./deps.js";
import { SESSION_TTL_MS } from "./deps.js";
import { hashToken, newToken } from "./secrets.js";

const { sessions, users } = schema;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/** How a session came about, for the audit log: the sign-in method and, from HTTP, where from. */
export interface SignInAudit {
  method: "password" | "signup" | "github" | "oidc" | "google" | "azure" | "okta" | "saml" | "ldap" | (string & {});
  origin?: AuditOrigin | null;
}

/** Every session is a sign-in, so each one is recorded in the audit log with it (decision 0041). */
export async function createSession(
  executor: Executor,
  userId: string,
  now: Date,
  signIn: SignInAudit,
): Promise<IssuedSession> {
  const token = newToken("gnt");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await executor.insert(sessions).values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt });
  await recordAuditEvent(executor, {
    action: "signin.succeeded",
    actor: { id: userId },
    target: { type: "user", id: userId },
    origin: signIn.origin ?? null,
    details: { method: signIn.method },
    occurredAt: now,
  });
  return { token, expiresAt };
}

export type SessionUser = typeof users.$inferSelect;

function sessionUserQuery(db: Executor, tokenHash: string | SQLWrapper, now: Date | SQLWrapper) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
}

// Every request starts with this read (B1, issue #14), so it is built once per database.
const sessionUser = preparedStatement("session_user", (db, name) =>
  sessionUserQuery(db, sql.placeholder("tokenHash"), sql.placeholder("now")).prepare(name),
);

/** The user behind a bearer token, or null when the token is unknown, expired or revoked. */
export async function userForToken(deps: Pick<AccountsDeps, "db" | "now">, token: string): Promise<SessionUser | null> {
  const prepared = sessionUser(deps.db);
  const [row] = prepared
    ? // A placeholder's value reaches the driver as it is, so the time goes as the column sends it.
      await prepared.execute({ tokenHash: hashToken(token), now: sessions.expiresAt.mapToDriverValue(deps.now()) })
    : await sessionUserQuery(deps.db, hashToken(token), deps.now());
  return row?.user ?? null;
}

/** Signs a session out; a sign-out that ended a live session is recorded with it. */
export async function revokeSession(
  deps: Pick<AccountsDeps, "db" | "now">,
  token: string,
  origin: AuditOrigin | null = null,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId });
    for (const { userId } of revoked) {
      await recordAuditEvent(tx, {
        action: "signout",
        actor: { id: userId },
        target: { type: "user", id: userId },
        origin,
        occurredAt: now,
      });
    }
  });
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
