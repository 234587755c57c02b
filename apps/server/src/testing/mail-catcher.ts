import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives, so tests send mail through
 * nodemailer exactly as production does and read it back.
 */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          mails.push({ to: to?.value[0]?.address ?? "", subject: parsed.subject ?? "", text: parsed.text ?? "" });
          for (const wake of waiters.splice(0)) wake();
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to this address whose subject matches, waiting for it to arrive. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 5_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((mail) => mail.to.toLowerCase() === to.toLowerCase() && subject.test(mail.subject));
        if (found) {
          mails.splice(mails.indexOf(found), 1);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} matching ${subject}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail that goes to the given page, with its query parameters. */
export function linkIn(mail: CaughtMail, path: string): URL {
  const href = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === path);
  if (!href) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return new URL(href);
}
