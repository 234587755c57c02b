import type { FastifyInstance } from "fastify";
import type { OutboxMailer } from "./mailer.js";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Links in a plain-text mail, made clickable so a developer can follow them. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The dev outbox: every mail the server would have sent, newest first. Registered only
 * outside production and only when no SMTP server is configured.
 */
export function registerOutboxRoutes(app: FastifyInstance, outbox: OutboxMailer, productName: string): void {
  app.get("/dev/outbox.json", async () => outbox.list());

  app.get("/dev/outbox", async (_req, reply) => {
    const items = outbox
      .list()
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} · ${mail.sentAt.toISOString()}</p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
      )
      .join("\n");
    reply.type("text/html; charset=utf-8");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(productName)} dev outbox</title></head>
<body><h1>${escapeHtml(productName)} dev outbox</h1>
<p>Mail the server sent while no SMTP server is configured (SMTP_URL), newest first.</p>
${items || "<p>No mail yet.</p>"}
</body></html>`;
  });
}
