import type { Config } from "../config/config.js";
import type { SessionUser } from "./sessions.js";

/**
 * The people who run this install, named in GANTRY_INSTANCE_ADMINS. The address must be
 * verified, so signing up with an admin's address (where verification is off) grants nothing.
 */
export function isInstanceAdmin(config: Pick<Config, "instanceAdmins">, user: SessionUser | null): boolean {
  return user !== null && user.emailVerifiedAt !== null && config.instanceAdmins.includes(user.email.toLowerCase());
}
