CREATE TABLE "issue_pull_request_connections" (
	"workspace_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"pull_request_id" uuid NOT NULL,
	CONSTRAINT "issue_pull_request_connections_workspace_id_issue_id_pull_request_id_pk" PRIMARY KEY("workspace_id","issue_id","pull_request_id")
);
--> statement-breakpoint
CREATE TABLE "zenhub_import_mappings" (
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"zenhub_id" text NOT NULL,
	"gantry_id" uuid NOT NULL,
	"details" jsonb,
	CONSTRAINT "zenhub_import_mappings_workspace_id_kind_zenhub_id_pk" PRIMARY KEY("workspace_id","kind","zenhub_id")
);
--> statement-breakpoint
CREATE TABLE "zenhub_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"started_by" uuid,
	"zenhub_workspace_id" text NOT NULL,
	"zenhub_workspace_name" text NOT NULL,
	"sealed_api_key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"checkpoint" jsonb NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "zenhub_imports_state" CHECK ("zenhub_imports"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "issue_pull_request_connections" ADD CONSTRAINT "issue_pull_request_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_pull_request_connections" ADD CONSTRAINT "issue_pull_request_connections_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_pull_request_connections" ADD CONSTRAINT "issue_pull_request_connections_pull_request_id_issues_id_fk" FOREIGN KEY ("pull_request_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zenhub_import_mappings" ADD CONSTRAINT "zenhub_import_mappings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zenhub_imports" ADD CONSTRAINT "zenhub_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zenhub_imports" ADD CONSTRAINT "zenhub_imports_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_pull_request_connections_pr_idx" ON "issue_pull_request_connections" USING btree ("pull_request_id");--> statement-breakpoint
CREATE INDEX "zenhub_imports_workspace_idx" ON "zenhub_imports" USING btree ("workspace_id","created_at");