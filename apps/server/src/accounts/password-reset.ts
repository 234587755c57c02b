import { schema } from "@gantry/db";
import { isValidPassword, PASSWORD_RULES_TEXT, RESET_PASSWORD_MESSAGES } from "@gantry/domain";
import { eq } from "drizzle-orm";
import type { AuditOrigin } from "../audit/record.js";
import { checkAccountToken, issueAccountToken, spendAccountToken } from "./account-tokens.js";
import type { AccountsDeps } from "./deps.js";
import { RESET_PASSWORD_TTL_MS } from "./deps.js";
import { AccountError } from "./errors.js";
import { accountLink, accountMails } from "./mails.js";
import { hashPassword } from "./secrets.js";
import { revokeOwnCredentials } from "./sessions.js";
import { findUserByEmail } from "./users.js";

/** Always answers the same, so the form does not tell who has an account. */
export async function sendPasswordResetEmail(deps: AccountsDeps, input: { email: string }): Promise<void> {
  const user = await findUserByEmail(deps, input.email);
  if (user?.identityProvider !== "email") return;
  const token = await issueAccountToken(deps, user.id, "reset_password", RESET_PASSWORD_TTL_MS);
  const link = accountLink(deps, "/reset-password", { email: user.email, token });
  await deps.mailer.send(accountMails.resetPassword({ to: user.email, link, productName: deps.config.productName }));
}

export interface ResetPasswordInput {
  email: string;
  resetPasswordToken: string;
  password: string;
  passwordConfirmation: string;
}

/** Sets the new password, unlocks the account, signs every device out and revokes every API key. */
export async function resetPassword(
  deps: AccountsDeps,
  input: ResetPasswordInput,
  origin: AuditOrigin | null = null,
): Promise<void> {
  if (!input.resetPasswordToken.trim()) throw new AccountError(400, RESET_PASSWORD_MESSAGES.blankToken);
  if (input.password !== input.passwordConfirmation) {
    throw new AccountError(400, RESET_PASSWORD_MESSAGES.confirmationMismatch);
  }
  if (!isValidPassword(input.password)) throw new AccountError(400, PASSWORD_RULES_TEXT);

  const user = await findUserByEmail(deps, input.email);
  if (!user) throw new AccountError(400, RESET_PASSWORD_MESSAGES.invalidToken);
  const check = await checkAccountToken(deps, user.id, "reset_password", input.resetPasswordToken);
  if (check.status !== "valid") throw new AccountError(400, RESET_PASSWORD_MESSAGES.invalidToken);

  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await spendAccountToken(tx, check.id, now)))
      throw new AccountError(400, RESET_PASSWORD_MESSAGES.invalidToken);
    await tx
      .update(schema.users)
      .set({ passwordHash, lockedAt: null, failedLoginAttempts: 0, updatedAt: now })
      .where(eq(schema.users.id, user.id));
    await revokeOwnCredentials(tx, user, "password.reset", { now, origin });
  });
}
