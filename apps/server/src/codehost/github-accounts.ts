import { type Database, schema } from "@gantry/db";
import { alreadySignedUpText } from "@gantry/domain";
import { eq } from "drizzle-orm";
import { AccountError } from "../accounts/errors.js";
import { createSession, type IssuedSession } from "../accounts/sessions.js";
import { findUserByEmail } from "../accounts/users.js";
import type { SecretBox } from "../crypto/secret-box.js";

const { githubAccounts, users } = schema;

export interface GitHubIdentity {
  ghId: number;
  login: string;
  name: string | null;
  email: string | null;
  avatarUrl: string | null;
  token: string;
  scopes: string;
}

export const LINKED_ELSEWHERE = "this github account is linked to another account.";

/**
 * Signs a person in with GitHub, or connects GitHub to the account already signed in
 * (`linkUserId`). Accounts are matched by GitHub id; a new GitHub id whose address belongs to
 * an existing account is refused with the §8 "already signed up with provider" text, so a
 * GitHub account can never take over someone's password account.
 */
export async function signInWithGitHub(
  deps: { db: Database; secretBox: SecretBox; now: () => Date },
  identity: GitHubIdentity,
  linkUserId: string | null,
): Promise<IssuedSession> {
  const now = deps.now();
  const encryptedToken = deps.secretBox.seal(identity.token);
  const profile = {
    ghId: identity.ghId,
    login: identity.login,
    name: identity.name,
    avatarUrl: identity.avatarUrl,
    encryptedToken,
    scopes: identity.scopes,
    updatedAt: now,
  };

  return deps.db.transaction(async (tx) => {
    const [linked] = await tx.select().from(githubAccounts).where(eq(githubAccounts.ghId, identity.ghId));
    if (linked && linkUserId && linked.userId !== linkUserId) throw new AccountError(409, LINKED_ELSEWHERE);
    if (linked) {
      await tx.update(githubAccounts).set(profile).where(eq(githubAccounts.userId, linked.userId));
      return createSession(tx, linked.userId, now, { method: "github" });
    }
    if (linkUserId) {
      await tx
        .insert(githubAccounts)
        .values({ userId: linkUserId, ...profile })
        .onConflictDoUpdate({ target: githubAccounts.userId, set: profile });
      return createSession(tx, linkUserId, now, { method: "github" });
    }

    const email = identity.email ?? `${identity.ghId}+${identity.login}@users.noreply.github.com`;
    const existing = await findUserByEmail({ db: tx }, email);
    if (existing) throw new AccountError(409, alreadySignedUpText(existing.identityProvider));
    const [user] = await tx
      .insert(users)
      .values({
        email,
        name: identity.name ?? identity.login,
        identityProvider: "github",
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!user) throw new Error("insert returned no user");
    await tx.insert(githubAccounts).values({ userId: user.id, ...profile, createdAt: now });
    return createSession(tx, user.id, now, { method: "github" });
  });
}

/** The viewer's GitHub account with its token opened, or null when GitHub is not connected. */
export async function githubAccountOf(deps: { db: Database; secretBox: SecretBox }, userId: string) {
  const [account] = await deps.db.select().from(githubAccounts).where(eq(githubAccounts.userId, userId));
  if (!account) return null;
  return { ...account, token: deps.secretBox.open(account.encryptedToken) };
}
