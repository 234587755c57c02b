import { bigint, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { repositories } from "./codehost.js";

/**
 * A repository's GitHub labels as GitHub describes them (`GET /repos/{owner}/{repo}/labels`), recorded when the
 * repository is connected or reconciled, from `label` deliveries and from the labels on issue payloads
 * (decision 0086). Issues keep their own copy of their labels' names and colours; this record gives the
 * public API GitHub's ids. GitHub's REST label has no timestamps: `createdAt` and `updatedAt` are when Gantry
 * first and last recorded the label.
 */
export const githubLabels = pgTable(
  "github_labels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    repositoryId: uuid("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
    ghId: bigint("gh_id", { mode: "number" }).notNull(),
    ghNodeId: text("gh_node_id").notNull(),
    name: text("name").notNull(),
    color: text("color").notNull().default(""),
    description: text("description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("github_labels_repository_gh_id").on(table.repositoryId, table.ghId),
    index("github_labels_repository_idx").on(table.repositoryId),
  ],
);

export type GitHubLabelRow = typeof githubLabels.$inferSelect;
