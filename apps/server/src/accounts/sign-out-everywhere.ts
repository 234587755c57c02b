import type { RevokedCredentials } from "@gantry/domain";
import type { AuditOrigin } from "../audit/record.js";
import type { AccountsDeps } from "./deps.js";
import { accountLink, accountMails } from "./mails.js";
import { revokeOwnCredentials, userForToken } from "./sessions.js";

export type SignOutEverywhereResult =
  | { status: "unauthorised" }
  /** `mailError` is why the mail could not be sent, for the caller to log; the credentials are gone regardless. */
  | { status: "done"; revoked: RevokedCredentials; mailError: unknown };

/**
 * "Sign out everywhere" (account page, issue #28): ends every other session of the person whose session
 * asks, and revokes all their API keys, in one transaction; then mails them. The asking session stays
 * signed in, as GitHub's and Linear's "revoke all other sessions" do (decision 0063). Only the session's
 * own person is affected: the call names no one else.
 * The mail is sent after the commit: the credentials are gone whether or not the mail server answers.
 */
export async function signOutEverywhere(
  deps: AccountsDeps,
  sessionToken: string,
  origin: AuditOrigin | null = null,
): Promise<SignOutEverywhereResult> {
  const user = await userForToken(deps, sessionToken);
  if (!user) return { status: "unauthorised" };
  const now = deps.now();
  const revoked = await deps.db.transaction((tx) =>
    revokeOwnCredentials(tx, user, "signout.everywhere", { now, origin, keepSessionToken: sessionToken }),
  );
  let mailError: unknown = null;
  try {
    await deps.mailer.send(
      accountMails.signedOutEverywhere({
        to: user.email,
        link: accountLink(deps, "/settings/account", {}),
        productName: deps.config.productName,
        revoked,
        hasPassword: user.identityProvider === "email",
      }),
    );
  } catch (error) {
    mailError = error;
  }
  return { status: "done", revoked, mailError };
}
