import { z } from "zod";

/** Made on first use, not at import, so a bundle that does not check emails leaves zod out. */
let emailSchema: z.ZodEmail | undefined;

export function normaliseEmail(email: string): string {
  return email.trim();
}

export function isValidEmail(email: string): boolean {
  emailSchema ??= z.email();
  return email.length <= 254 && emailSchema.safeParse(email).success;
}

/**
 * Free mail providers: an install that requires a work email (SPEC §5) refuses these.
 * A list, not a lookup service, so sign-up works with no network.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "ymail.com",
  "hotmail.com",
  "outlook.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.net",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "zoho.com",
  "qq.com",
  "163.com",
  "126.com",
  "hey.com",
  "fastmail.com",
]);

export function isWorkEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split("@").at(-1) ?? "";
  return domain.length > 0 && !FREE_MAIL_DOMAINS.has(domain);
}
