import type { Database } from "@gantry/db";
import type { Config } from "../config/config.js";
import type { Mailer } from "../mail/mailer.js";

/** What the account services need; `now` is injectable so tests control expiry and lockout. */
export interface AccountsDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, "publicUrl" | "productName" | "requireEmailVerification" | "requireWorkEmail" | "featureFlags">;
  now: () => Date;
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 2 * 60 * 60 * 1000;
export const UNLOCK_TTL_MS = 24 * 60 * 60 * 1000;
/** Consecutive wrong passwords before an account locks (documented in docs/decisions/0002). */
export const MAX_FAILED_LOGINS = 5;
