import { schema } from "@gantry/db";
import { VERIFY_EMAIL_MESSAGES } from "@gantry/domain";
import { eq } from "drizzle-orm";
import { checkAccountToken, spendAccountToken } from "./account-tokens.js";
import type { AccountsDeps } from "./deps.js";
import { AccountError } from "./errors.js";
import { sendVerificationMail } from "./signup.js";
import { findUserByEmail } from "./users.js";

export async function verifyEmail(deps: AccountsDeps, input: { email: string; token: string }): Promise<void> {
  const user = await findUserByEmail(deps, input.email);
  if (!user) throw new AccountError(400, VERIFY_EMAIL_MESSAGES.invalidToken);
  if (user.emailVerifiedAt) throw new AccountError(409, VERIFY_EMAIL_MESSAGES.alreadyVerified);
  const check = await checkAccountToken(deps, user.id, "verify_email", input.token);
  if (check.status === "expired") throw new AccountError(410, VERIFY_EMAIL_MESSAGES.expiredToken);
  if (check.status === "invalid") throw new AccountError(400, VERIFY_EMAIL_MESSAGES.invalidToken);

  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await spendAccountToken(tx, check.id, now))) throw new AccountError(400, VERIFY_EMAIL_MESSAGES.invalidToken);
    await tx.update(schema.users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(schema.users.id, user.id));
  });
}

export const RESEND_VERIFICATION_ERRORS = {
  notFound: "We couldn't find an account with that email address",
  alreadyVerified: VERIFY_EMAIL_MESSAGES.alreadyVerified,
} as const;

export async function resendVerificationEmail(deps: AccountsDeps, input: { email: string }): Promise<void> {
  const user = await findUserByEmail(deps, input.email);
  if (!user) throw new AccountError(404, RESEND_VERIFICATION_ERRORS.notFound);
  if (user.emailVerifiedAt) throw new AccountError(409, RESEND_VERIFICATION_ERRORS.alreadyVerified);
  await sendVerificationMail(deps, user.id, user.email);
}
