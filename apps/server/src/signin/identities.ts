import { type Database, schema } from "@gantry/db";
import { alreadySignedUpText } from "@gantry/domain";
import { and, eq } from "drizzle-orm";
import { AccountError } from "../accounts/errors.js";
import { createSession, type IssuedSession } from "../accounts/sessions.js";
import { findUserByEmail } from "../accounts/users.js";
import type { SigninProvider } from "./config.js";

const { signinIdentities, users } = schema;

/** Who a provider says signed in. */
export interface ProviderIdentity {
  /** The provider's stable id for the person (OIDC `sub`, LDAP DN, SAML NameID). */
  subject: string;
  email: string | null;
  /** Only a provider-verified address may create or match an account. */
  emailVerified: boolean;
  name: string | null;
  roles: string[];
}

export const UNVERIFIED_EMAIL = "the sign-in provider did not give a verified email address.";

/**
 * Signs a person in through a provider (decision 0027). A known subject signs in to its
 * account. A new subject needs a verified address: with no account behind it one is created;
 * an account first made with the same provider is linked; an account made any other way
 * (email and password included) is refused with the §8 "already signed up with provider" text,
 * so a directory entry can never take over an account someone else proved they own.
 */
export async function signInWithIdentity(
  deps: { db: Database; now: () => Date },
  provider: Exclude<SigninProvider, "github">,
  identity: ProviderIdentity,
): Promise<IssuedSession> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [known] = await tx
      .update(signinIdentities)
      .set({ roles: identity.roles, lastSignedInAt: now })
      .where(and(eq(signinIdentities.provider, provider), eq(signinIdentities.subject, identity.subject)))
      .returning();
    if (known) return createSession(tx, known.userId, now, { method: provider });

    if (!identity.email || !identity.emailVerified) throw new AccountError(403, UNVERIFIED_EMAIL);
    const existing = await findUserByEmail({ db: tx }, identity.email);
    if (existing && existing.identityProvider !== provider) {
      throw new AccountError(409, alreadySignedUpText(existing.identityProvider));
    }
    const user =
      existing ??
      (
        await tx
          .insert(users)
          .values({
            email: identity.email,
            name: identity.name ?? identity.email,
            identityProvider: provider,
            emailVerifiedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
      )[0];
    if (!user) throw new Error("insert returned no user");
    await tx.insert(signinIdentities).values({
      userId: user.id,
      provider,
      subject: identity.subject,
      roles: identity.roles,
      createdAt: now,
      lastSignedInAt: now,
    });
    return createSession(tx, user.id, now, { method: provider });
  });
}
