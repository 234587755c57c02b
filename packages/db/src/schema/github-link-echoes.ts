import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * GitHub's deliveries Gantry expects back for the sub-issue and dependency links it just wrote
 * there, to skip each once (decision 0064). In the database, not a process's memory, so that with
 * several server processes the one that receives the delivery knows another one wrote the link.
 */
export const githubLinkEchoes = pgTable(
  "github_link_echoes",
  {
    /** `<action>:<issue id>:<issue id>@<receiving repository id>`, GitHub's ids. */
    key: text("key").primaryKey(),
    /** An echo that never came (a repository without Gantry's webhook) is not expected after this. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("github_link_echoes_expires_idx").on(table.expiresAt)],
);
