CREATE TABLE "github_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repository_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"gh_id" bigint,
	"gh_node_id" text,
	"title" text NOT NULL,
	"description" text,
	"state" text DEFAULT 'open' NOT NULL,
	"due_on" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"creator_login" text,
	"gh_created_at" timestamp with time zone,
	"gh_updated_at" timestamp with time zone,
	"start_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "github_milestones_state" CHECK ("github_milestones"."state" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "native_milestones" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "native_milestones" ADD COLUMN "start_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "github_milestones" ADD CONSTRAINT "github_milestones_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "github_milestones_number_key" ON "github_milestones" USING btree ("repository_id","number");