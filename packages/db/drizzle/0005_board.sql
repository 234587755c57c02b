CREATE TABLE "issue_positions" (
	"workspace_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"rank" text NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_positions_workspace_id_issue_id_pk" PRIMARY KEY("workspace_id","issue_id")
);
--> statement-breakpoint
ALTER TABLE "issue_positions" ADD CONSTRAINT "issue_positions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_positions" ADD CONSTRAINT "issue_positions_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_positions" ADD CONSTRAINT "issue_positions_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_positions_pipeline_rank_idx" ON "issue_positions" USING btree ("pipeline_id","rank");