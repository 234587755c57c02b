import { schema } from "@gantry/db";
import { alreadySignedUpText, isValidEmail, isValidPassword, isWorkEmail, SERVER_TEXT } from "@gantry/domain";
import { acceptInvitation, usableInvitation } from "../organizations/service.js";
import { issueAccountToken } from "./account-tokens.js";
import type { AccountsDeps } from "./deps.js";
import { VERIFY_EMAIL_TTL_MS } from "./deps.js";
import { AccountError } from "./errors.js";
import { accountLink, accountMails } from "./mails.js";
import { hashPassword } from "./secrets.js";
import { createSession, type IssuedSession } from "./sessions.js";
import { findUserByEmail } from "./users.js";

export interface SignUpInput {
  email: string;
  password: string;
  hubspotUtk?: string | undefined;
  utmParams?: Record<string, string> | undefined;
  inviteToken?: string | undefined;
}

/** Signed up and signed in (no verification required), or waiting for the emailed link. */
export type SignUpResult = ({ authenticated: true } & IssuedSession) | { authenticated: false; email: string };

export async function signUp(deps: AccountsDeps, input: SignUpInput): Promise<SignUpResult> {
  const email = input.email.trim();
  if (!isValidEmail(email)) throw new AccountError(400, SERVER_TEXT.invalidEmail);
  if (!isValidPassword(input.password)) throw new AccountError(400, SERVER_TEXT.invalidPassword);
  if (deps.config.requireWorkEmail && !isWorkEmail(email)) throw new AccountError(422, SERVER_TEXT.workEmailRequired);

  const existing = await findUserByEmail(deps, email);
  if (existing) {
    // SPEC §8: the answer lists the existing-email errors, one per provider the address is linked to.
    const text = alreadySignedUpText(existing.identityProvider);
    throw new AccountError(409, text, { errors: [text] });
  }

  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  // An invitation mailed to this very address proves the person reads it: no second mail needed.
  const invitation = input.inviteToken ? await usableInvitation(deps, input.inviteToken) : null;
  const invited = invitation?.email.toLowerCase() === email.toLowerCase();
  const verified = invited || !deps.config.requireEmailVerification;
  const [user] = await deps.db
    .insert(schema.users)
    .values({
      email,
      passwordHash,
      identityProvider: "email",
      createdAt: now,
      updatedAt: now,
      emailVerifiedAt: verified ? now : null,
      signupAttribution: { hubspotUtk: input.hubspotUtk ?? null, utmParams: input.utmParams ?? {} },
    })
    .onConflictDoNothing()
    .returning();
  // Another sign-up for the same address won the race between the check and the insert.
  if (!user) throw new AccountError(409, alreadySignedUpText("email"), { errors: [alreadySignedUpText("email")] });

  if (invited && input.inviteToken) await acceptInvitation(deps, user.id, input.inviteToken);
  if (verified) return { authenticated: true, ...(await createSession(deps.db, user.id, now, { method: "signup" })) };
  await sendVerificationMail(deps, user.id, user.email);
  return { authenticated: false, email: user.email };
}

export async function sendVerificationMail(deps: AccountsDeps, userId: string, email: string): Promise<void> {
  const token = await issueAccountToken(deps, userId, "verify_email", VERIFY_EMAIL_TTL_MS);
  const link = accountLink(deps, "/verify-email", { email, token });
  await deps.mailer.send(accountMails.verifyEmail({ to: email, link, productName: deps.config.productName }));
}
