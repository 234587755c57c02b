/** Contact-support line and mail links (SPEC §2 "Contact-support line"). */

export interface SupportLineParts {
  before: string;
  after: string;
}

/**
 * The line reads "Need some assistance? Contact {email} and let us know how we can help."
 * Some pages drop the closing clause (SPEC §8, "Auth token revoked").
 */
export function supportLineParts(options: { dropHelpEnding?: boolean } = {}): SupportLineParts {
  return {
    before: "Need some assistance? Contact ",
    after: options.dropHelpEnding ? "." : " and let us know how we can help.",
  };
}

export function mailtoHref(email: string, subject?: string): string {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : "";
  return `mailto:${email}${query}`;
}
