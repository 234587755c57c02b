import { type Database, type Executor, preparedStatement, schema } from "@gantry/db";
import type { RevokedCredentials } from "@gantry/domain";
import DataLoader from "dataloader";
import { and, eq, isNull, ne, type SQLWrapper, sql } from "drizzle-orm";
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

function sessionUsersQuery(db: Executor, tokenHashes: string[] | SQLWrapper) {
  return db
    .select({ user: users, tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = any(${tokenHashes}::text[])`, isNull(sessions.revokedAt)));
}

// Every request starts with this read (B1, issue #14), so it is built once per database.
const sessionUsers = preparedStatement("session_users", (db, name) =>
  sessionUsersQuery(db, sql.placeholder("tokenHashes")).prepare(name),
);

type SessionRow = Awaited<ReturnType<typeof sessionUsersQuery>>[number];

/**
 * The live sessions behind the tokens of requests that reached the server in the same turn of its
 * event loop, in one statement (B2, issue #14): under load several requests arrive together, and
 * each read was a round trip. The batch is sent once that turn's arrivals have been handled
 * (setImmediate), so every request still reads after it arrived: nothing is kept between batches,
 * and a session revoked before a request arrived is refused as before.
 */
const sessionReads = new WeakMap<Database, DataLoader<string, SessionRow | null>>();
function sessionReadsOf(db: Database) {
  let loader = sessionReads.get(db);
  if (!loader) {
    loader = new DataLoader(
      async (tokenHashes: readonly string[]) => {
        const wanted = [...tokenHashes];
        const prepared = sessionUsers(db);
        const rows = prepared ? await prepared.execute({ tokenHashes: wanted }) : await sessionUsersQuery(db, wanted);
        const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
        return wanted.map((hash) => byHash.get(hash) ?? null);
      },
      { cache: false, batchScheduleFn: (send) => setImmediate(send), maxBatchSize: 100 },
    );
    sessionReads.set(db, loader);
  }
  return loader;
}

/** The user behind a bearer token, or null when the token is unknown, expired or revoked. */
export async function userForToken(deps: Pick<AccountsDeps, "db" | "now">, token: string): Promise<SessionUser | null> {
  const row = await sessionReadsOf(deps.db).load(hashToken(token));
  return row && row.expiresAt > deps.now() ? row.user : null;
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

/**
 * Every session and every API key of a person ends: after a password reset, a key made during a hijacked
 * session must not outlive the owner's recovery (issue #28). "Sign out everywhere" keeps the session it was
 * asked from (`keepSessionToken`, decision 0063). Counts only sessions that had not expired.
 */
export async function revokeAllCredentials(
  executor: Executor,
  userId: string,
  now: Date,
  keepSessionToken: string | null = null,
): Promise<RevokedCredentials> {
  const ended = await executor
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionToken ? ne(sessions.tokenHash, hashToken(keepSessionToken)) : undefined,
      ),
    )
    .returning({ expiresAt: sessions.expiresAt });
  const keys = await executor
    .update(schema.apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(schema.apiKeys.userId, userId), isNull(schema.apiKeys.revokedAt)))
    .returning({ id: schema.apiKeys.id });
  return { sessions: ended.filter((session) => session.expiresAt > now).length, apiKeys: keys.length };
}

/**
 * revokeAllCredentials for the person themself, recorded in the audit log as `action` with the
 * counts ended (named so the log's secret filter, which drops "key", keeps them).
 */
export async function revokeOwnCredentials(
  executor: Executor,
  user: { id: string; email: string },
  action: "password.reset" | "signout.everywhere",
  options: { now: Date; origin: AuditOrigin | null; keepSessionToken?: string },
): Promise<RevokedCredentials> {
  const revoked = await revokeAllCredentials(executor, user.id, options.now, options.keepSessionToken ?? null);
  await recordAuditEvent(executor, {
    action,
    actor: { id: user.id, label: user.email },
    target: { type: "user", id: user.id, label: user.email },
    origin: options.origin,
    details: { sessionsEnded: revoked.sessions, apiCredentialsRevoked: revoked.apiKeys },
    occurredAt: options.now,
  });
  return revoked;
}

/** `Authorization: Bearer <token>` → the token, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? null;
}
