import { type APIRequestContext, expect } from "@playwright/test";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to this address whose subject matches, from the server's dev outbox. */
export async function latestMail(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/dev/outbox.json")).json()) as OutboxMail[];
      found = mails.find((mail) => mail.to === to && subject.test(mail.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found as OutboxMail;
}

/** The path and query of the first link in a mail, to open in the page under test. */
export function linkPath(mail: OutboxMail): string {
  const href = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!href) throw new Error(`no link in "${mail.subject}"`);
  const url = new URL(href);
  return url.pathname + url.search;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@acme.test`;
}
