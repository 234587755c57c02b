CREATE TABLE "ai_label_dismissals" (
	"issue_id" uuid NOT NULL,
	"label_name" text NOT NULL,
	"dismissed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_label_dismissals_issue_id_label_name_pk" PRIMARY KEY("issue_id","label_name")
);
--> statement-breakpoint
CREATE TABLE "ai_label_models" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"model" jsonb,
	"fingerprint" text NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_label_dismissals" ADD CONSTRAINT "ai_label_dismissals_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_label_dismissals" ADD CONSTRAINT "ai_label_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_label_models" ADD CONSTRAINT "ai_label_models_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;