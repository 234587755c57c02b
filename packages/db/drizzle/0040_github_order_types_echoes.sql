CREATE TABLE "github_issue_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_login" text NOT NULL,
	"gh_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"color" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "github_issue_types_owner_gh_id" UNIQUE("owner_login","gh_id")
);
--> statement-breakpoint
CREATE TABLE "github_link_echoes" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planning_ranks" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "github_issue_types_owner_idx" ON "github_issue_types" USING btree ("owner_login","position");--> statement-breakpoint
CREATE INDEX "github_link_echoes_expires_idx" ON "github_link_echoes" USING btree ("expires_at");