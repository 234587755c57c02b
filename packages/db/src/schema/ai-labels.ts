import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { issues } from "./codehost.js";
import { cascadingReference, createdAtColumn } from "./columns.js";
import { workspaces } from "./workspaces.js";

/**
 * A workspace's label classifier (the domain's LabelModel, plain JSON), learnt from its own
 * labelled issues. `fingerprint` says which state of those issues it learnt from; when the
 * issues' labels move on, a background job trains it again (apps/server/src/ai/labels).
 */
export const aiLabelModels = pgTable("ai_label_models", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  model: jsonb("model").$type<unknown>(),
  fingerprint: text("fingerprint").notNull(),
  trainedAt: timestamp("trained_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A label suggestion someone turned down for an issue: it is not suggested there again. Name in lower case. */
export const aiLabelDismissals = pgTable(
  "ai_label_dismissals",
  {
    issueId: cascadingReference("issue_id", () => issues.id),
    labelName: text("label_name").notNull(),
    dismissedBy: uuid("dismissed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.issueId, table.labelName] })],
);
