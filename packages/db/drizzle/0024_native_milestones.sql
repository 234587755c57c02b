CREATE TABLE "native_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repository_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"due_on" date,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "native_milestones_state" CHECK ("native_milestones"."state" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "native_milestones" ADD CONSTRAINT "native_milestones_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "native_milestones_number_key" ON "native_milestones" USING btree ("repository_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "native_milestones_title_key" ON "native_milestones" USING btree ("repository_id",lower("title"));