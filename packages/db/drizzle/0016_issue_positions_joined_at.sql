ALTER TABLE "issue_positions" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Boards placed before this column existed: the earliest moment known for the issue there.
UPDATE "issue_positions" SET "joined_at" = LEAST("moved_at", (SELECT "created_at" FROM "issues" WHERE "issues"."id" = "issue_positions"."issue_id"));
