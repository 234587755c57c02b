-- The board's label and assignee filters (decision 0077): apps/server/src/board/filtering.ts asks
-- `labels @> '[{"name":"bug"}]'` (one containment per value), which these answer without reading
-- every issue's array; jsonb_path_ops keeps one hash per path and value, smaller than jsonb_ops.
CREATE INDEX "issues_labels_gin_idx" ON "issues" USING gin ("labels" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "issues_assignees_gin_idx" ON "issues" USING gin ("assignees" jsonb_path_ops);
