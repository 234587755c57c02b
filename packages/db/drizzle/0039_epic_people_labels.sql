CREATE TABLE "gantry_epic_assignees" (
	"gantry_epic_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "gantry_epic_assignees_gantry_epic_id_user_id_pk" PRIMARY KEY("gantry_epic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gantry_epic_labels" (
	"gantry_epic_id" uuid NOT NULL,
	"gantry_label_id" uuid NOT NULL,
	CONSTRAINT "gantry_epic_labels_gantry_epic_id_gantry_label_id_pk" PRIMARY KEY("gantry_epic_id","gantry_label_id")
);
--> statement-breakpoint
CREATE TABLE "gantry_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_gantry_labels" (
	"issue_id" uuid NOT NULL,
	"gantry_label_id" uuid NOT NULL,
	CONSTRAINT "issue_gantry_labels_issue_id_gantry_label_id_pk" PRIMARY KEY("issue_id","gantry_label_id")
);
--> statement-breakpoint
CREATE TABLE "release_repositories" (
	"release_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	CONSTRAINT "release_repositories_release_id_repository_id_pk" PRIMARY KEY("release_id","repository_id")
);
--> statement-breakpoint
ALTER TABLE "gantry_epic_assignees" ADD CONSTRAINT "gantry_epic_assignees_gantry_epic_id_gantry_epics_id_fk" FOREIGN KEY ("gantry_epic_id") REFERENCES "public"."gantry_epics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gantry_epic_assignees" ADD CONSTRAINT "gantry_epic_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gantry_epic_labels" ADD CONSTRAINT "gantry_epic_labels_gantry_epic_id_gantry_epics_id_fk" FOREIGN KEY ("gantry_epic_id") REFERENCES "public"."gantry_epics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gantry_epic_labels" ADD CONSTRAINT "gantry_epic_labels_gantry_label_id_gantry_labels_id_fk" FOREIGN KEY ("gantry_label_id") REFERENCES "public"."gantry_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gantry_labels" ADD CONSTRAINT "gantry_labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_gantry_labels" ADD CONSTRAINT "issue_gantry_labels_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_gantry_labels" ADD CONSTRAINT "issue_gantry_labels_gantry_label_id_gantry_labels_id_fk" FOREIGN KEY ("gantry_label_id") REFERENCES "public"."gantry_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_repositories" ADD CONSTRAINT "release_repositories_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_repositories" ADD CONSTRAINT "release_repositories_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gantry_epic_assignees_user_idx" ON "gantry_epic_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gantry_epic_labels_label_idx" ON "gantry_epic_labels" USING btree ("gantry_label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gantry_labels_workspace_name_idx" ON "gantry_labels" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "issue_gantry_labels_label_idx" ON "issue_gantry_labels" USING btree ("gantry_label_id");