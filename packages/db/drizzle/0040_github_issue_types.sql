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
CREATE INDEX "github_issue_types_owner_idx" ON "github_issue_types" USING btree ("owner_login","position");