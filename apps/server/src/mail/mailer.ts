import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxMail extends Mail {
  id: number;
  sentAt: Date;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Real mail through an SMTP server (`SMTP_URL`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

const OUTBOX_SIZE = 200;

/** Development without an SMTP server: mail is kept in memory and listed at /dev/outbox. */
export class OutboxMailer implements Mailer {
  readonly #mails: OutboxMail[] = [];
  #nextId = 1;

  async send(mail: Mail): Promise<void> {
    this.#mails.unshift({ ...mail, id: this.#nextId++, sentAt: new Date() });
    this.#mails.length = Math.min(this.#mails.length, OUTBOX_SIZE);
  }

  list(): readonly OutboxMail[] {
    return this.#mails;
  }

  close(): void {}
}
