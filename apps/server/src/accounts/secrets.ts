import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** A fresh bearer or mailed token: 32 random bytes, URL-safe. The prefix says what it is when one leaks. */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString("base64url")}`;
}

/**
 * Tokens are stored as SHA-256: they are long random values, so a slow hash adds nothing,
 * and looking one up by its hash keeps the comparison off the secret itself.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1), the OWASP recommendation. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spent on unknown accounts so a wrong email takes as long as a wrong password. */
export const DUMMY_PASSWORD_HASH = await hash("not-a-real-password-for-timing");
