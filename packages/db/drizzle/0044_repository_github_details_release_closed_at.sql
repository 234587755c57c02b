ALTER TABLE "repositories" ADD COLUMN "gh_node_id" text;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "gh_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "gh_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "closed_at" timestamp with time zone;