import { type RevokedCredentials, revokedCredentialsText } from "@gantry/domain";
import type { Mail } from "../mail/mailer.js";
import type { AccountsDeps } from "./deps.js";

type LinkMail = { to: string; link: string; productName: string };

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

function compose(to: string, subject: string, lines: string[], link: { label: string; href: string }): Mail {
  const text = [...lines, "", `${link.label}: ${link.href}`, ""].join("\n");
  const html = `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
  return { to, subject, text, html };
}

export function accountLink(deps: Pick<AccountsDeps, "config">, path: string, params: Record<string, string>): string {
  const url = new URL(path, deps.config.publicUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export const accountMails = {
  verifyEmail: ({ to, link, productName }: LinkMail) =>
    compose(
      to,
      `Verify your email for ${productName}`,
      [`Welcome to ${productName}!`, "Confirm your email address to finish signing up. The link works for 24 hours."],
      { label: "Verify email address", href: link },
    ),
  resetPassword: ({ to, link, productName }: LinkMail) =>
    compose(
      to,
      `Reset your ${productName} password`,
      [
        "Someone asked to reset the password of your account. If it was you, choose a new one; the link works for 2 hours.",
        "Choosing a new password signs you out on every device and revokes all your API keys: scripts using them need a new key.",
        "If it was not you, ignore this mail: your password stays as it is.",
      ],
      { label: "Reset password", href: link },
    ),
  signedOutEverywhere: ({
    to,
    link,
    productName,
    revoked,
    hasPassword,
  }: LinkMail & { revoked: RevokedCredentials; hasPassword: boolean }) =>
    compose(
      to,
      `You signed out of ${productName} everywhere`,
      [
        `Someone signed in as you used “Sign out everywhere”: ${revokedCredentialsText(revoked)}. The device it was done from stays signed in.`,
        "Scripts using a revoked key now get 401 Unauthorized: create a new key for each script you still use.",
        hasPassword
          ? "If it was not you, reset your password now: a reset signs out every device, including the one that did this."
          : "If it was not you, sign in and use “Sign out everywhere” yourself: it ends every session but yours.",
      ],
      { label: "Open your account page", href: link },
    ),
  unlockAccount: ({ to, link, productName }: LinkMail) =>
    compose(
      to,
      `Your ${productName} account has been locked`,
      [
        `Your ${productName} account has been locked after multiple consecutive failed login attempts.`,
        "Unlock it with the link below; it works for 24 hours.",
      ],
      { label: "Unlock account", href: link },
    ),
};
