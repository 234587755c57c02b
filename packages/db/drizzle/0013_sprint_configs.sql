CREATE TABLE "sprint_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tz_identifier" text NOT NULL,
	"period" integer NOT NULL,
	"start_on" date NOT NULL,
	"start_time" text DEFAULT '00:00:00' NOT NULL,
	"move_unfinished_issues" boolean DEFAULT true NOT NULL,
	"issues_from_pipeline_enabled" boolean DEFAULT false NOT NULL,
	"issues_from_pipeline_id" uuid,
	"total_story_points" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sprint_configs_workspace_id_unique" UNIQUE("workspace_id"),
	CONSTRAINT "sprint_configs_period" CHECK ("sprint_configs"."period" between 1 and 8),
	CONSTRAINT "sprint_configs_total_story_points" CHECK ("sprint_configs"."total_story_points" is null or "sprint_configs"."total_story_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sprints" ADD COLUMN "sprint_config_id" uuid;--> statement-breakpoint
ALTER TABLE "sprints" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "assume_estimates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "assumed_estimate_value" integer;--> statement-breakpoint
ALTER TABLE "sprint_configs" ADD CONSTRAINT "sprint_configs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sprint_configs" ADD CONSTRAINT "sprint_configs_issues_from_pipeline_id_pipelines_id_fk" FOREIGN KEY ("issues_from_pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sprints" ADD CONSTRAINT "sprints_sprint_config_id_sprint_configs_id_fk" FOREIGN KEY ("sprint_config_id") REFERENCES "public"."sprint_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sprints_config_start_key" ON "sprints" USING btree ("sprint_config_id","start_at");