DROP INDEX "issue_positions_pipeline_rank_idx";--> statement-breakpoint
CREATE INDEX "issue_positions_pipeline_rank_c_idx" ON "issue_positions" USING btree ("pipeline_id","rank" collate "C");