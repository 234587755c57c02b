import { schema } from "@gantry/db";
import { alreadySignedUpText, SERVER_TEXT, UNLOCK_MESSAGES } from "@gantry/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type AuditOrigin, recordAuditEvent } from "../audit/record.js";
import { checkAccountToken, issueAccountToken, spendAccountToken } from "./account-tokens.js";
import type { AccountsDeps } from "./deps.js";
import { MAX_FAILED_LOGINS, UNLOCK_TTL_MS } from "./deps.js";
import { AccountError } from "./errors.js";
import { accountLink, accountMails } from "./mails.js";
import { DUMMY_PASSWORD_HASH, passwordMatches } from "./secrets.js";
import { createSession, type IssuedSession } from "./sessions.js";
import { findUserByEmail, type User } from "./users.js";

const { users } = schema;

/** Why a password sign-in failed, as the audit log says it (never with what was typed as the password). */
type SignInFailure = "unknown_address" | "other_provider" | "locked" | "wrong_password" | "unconfirmed_email";

export async function logIn(
  deps: AccountsDeps,
  input: { email: string; password: string },
  origin: AuditOrigin | null = null,
): Promise<IssuedSession> {
  const failed = async (reason: SignInFailure, user: User | null, error: AccountError): Promise<never> => {
    await recordAuditEvent(deps.db, {
      action: "signin.failed",
      actor: user ? { id: user.id, label: user.email } : { id: null, label: input.email.trim() },
      target: user ? { type: "user", id: user.id, label: user.email } : null,
      origin,
      details: { method: "password", reason },
      occurredAt: deps.now(),
    });
    throw error;
  };
  const user = await findUserByEmail(deps, input.email);
  if (!user) {
    await passwordMatches(DUMMY_PASSWORD_HASH, input.password);
    return failed("unknown_address", null, new AccountError(401, SERVER_TEXT.identityNotFound));
  }
  if (user.identityProvider !== "email" || !user.passwordHash) {
    return failed("other_provider", user, new AccountError(409, alreadySignedUpText(user.identityProvider)));
  }
  if (user.lockedAt) return failed("locked", user, new AccountError(423, SERVER_TEXT.accountLocked));

  if (!(await passwordMatches(user.passwordHash, input.password))) {
    const locked = await recordFailedLogin(deps, user);
    return failed(
      "wrong_password",
      user,
      locked ? new AccountError(423, SERVER_TEXT.accountLocked) : new AccountError(401, SERVER_TEXT.invalidCredentials),
    );
  }
  if (!user.emailVerifiedAt) {
    return failed("unconfirmed_email", user, new AccountError(403, SERVER_TEXT.unconfirmedEmail));
  }

  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ failedLoginAttempts: 0 }).where(eq(users.id, user.id));
    return createSession(tx, user.id, now, { method: "password", origin });
  });
}

/** Counts a wrong password; the one that reaches the limit locks the account and mails the unlock link. */
async function recordFailedLogin(deps: AccountsDeps, user: User): Promise<boolean> {
  const [counted] = await deps.db
    .update(users)
    .set({ failedLoginAttempts: sql`${users.failedLoginAttempts} + 1` })
    .where(eq(users.id, user.id))
    .returning({ attempts: users.failedLoginAttempts });
  if (!counted || counted.attempts < MAX_FAILED_LOGINS) return false;

  // Only the request that actually sets locked_at sends the mail, however many race here.
  const locked = await deps.db
    .update(users)
    .set({ lockedAt: deps.now() })
    .where(and(eq(users.id, user.id), isNull(users.lockedAt)))
    .returning({ id: users.id });
  if (locked.length === 1) await sendUnlockMail(deps, user);
  return true;
}

async function sendUnlockMail(deps: AccountsDeps, user: User): Promise<void> {
  const token = await issueAccountToken(deps, user.id, "unlock", UNLOCK_TTL_MS);
  const link = accountLink(deps, "/unlock", { email: user.email, token });
  await deps.mailer.send(accountMails.unlockAccount({ to: user.email, link, productName: deps.config.productName }));
}

/** `generateUnlockToken`: mails a fresh unlock link to a locked account; silent otherwise. */
export async function generateUnlockToken(deps: AccountsDeps, input: { email: string }): Promise<void> {
  const user = await findUserByEmail(deps, input.email);
  if (user?.lockedAt) await sendUnlockMail(deps, user);
}

/** `unlockAccount`: "Account is not locked" is an error text the web app treats as success (SPEC §4). */
export async function unlockAccount(deps: AccountsDeps, input: { email: string; unlockToken: string }): Promise<void> {
  const user = await findUserByEmail(deps, input.email);
  if (!user) throw new AccountError(400, UNLOCK_MESSAGES.invalidToken);
  if (!user.lockedAt) throw new AccountError(409, UNLOCK_MESSAGES.notLocked);
  const check = await checkAccountToken(deps, user.id, "unlock", input.unlockToken);
  if (check.status !== "valid") throw new AccountError(400, UNLOCK_MESSAGES.invalidToken);

  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await spendAccountToken(tx, check.id, now))) throw new AccountError(400, UNLOCK_MESSAGES.invalidToken);
    await tx.update(users).set({ lockedAt: null, failedLoginAttempts: 0, updatedAt: now }).where(eq(users.id, user.id));
  });
}
