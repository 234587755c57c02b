CREATE TABLE "epic_issues" (
	"epic_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	CONSTRAINT "epic_issues_epic_id_issue_id_pk" PRIMARY KEY("epic_id","issue_id"),
	CONSTRAINT "epic_issues_not_self" CHECK ("epic_issues"."epic_id" <> "epic_issues"."issue_id")
);
--> statement-breakpoint
CREATE TABLE "gantry_epic_issues" (
	"gantry_epic_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	CONSTRAINT "gantry_epic_issues_gantry_epic_id_issue_id_pk" PRIMARY KEY("gantry_epic_id","issue_id")
);
--> statement-breakpoint
CREATE TABLE "gantry_epics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"start_on" date,
	"end_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gantry_epics_state" CHECK ("gantry_epics"."state" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "issue_dependencies" (
	"workspace_id" uuid NOT NULL,
	"blocking_issue_id" uuid NOT NULL,
	"blocked_issue_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_dependencies_workspace_id_blocking_issue_id_blocked_issue_id_pk" PRIMARY KEY("workspace_id","blocking_issue_id","blocked_issue_id"),
	CONSTRAINT "issue_dependencies_not_self" CHECK ("issue_dependencies"."blocking_issue_id" <> "issue_dependencies"."blocked_issue_id")
);
--> statement-breakpoint
CREATE TABLE "priorities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"rank" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_issues" (
	"release_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	CONSTRAINT "release_issues_release_id_issue_id_pk" PRIMARY KEY("release_id","issue_id")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_on" date,
	"end_on" date,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_state" CHECK ("releases"."state" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "sprint_issues" (
	"sprint_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sprint_issues_sprint_id_issue_id_pk" PRIMARY KEY("sprint_id","issue_id")
);
--> statement-breakpoint
CREATE TABLE "sprints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sprints_ends_after_start" CHECK ("sprints"."end_at" > "sprints"."start_at"),
	CONSTRAINT "sprints_state" CHECK ("sprints"."state" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
ALTER TABLE "issues" ALTER COLUMN "gh_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ALTER COLUMN "html_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "repositories" ALTER COLUMN "gh_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_positions" ADD COLUMN "priority_id" uuid;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "issue_type" text;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "estimate" double precision;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "parent_issue_id" uuid;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "is_epic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "native_workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "epic_issues" ADD CONSTRAINT "epic_issues_epic_id_issues_id_fk" FOREIGN KEY ("epic_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epic_issues" ADD CONSTRAINT "epic_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gantry_epic_issues" ADD CONSTRAINT "gantry_epic_issues_gantry_epic_id_gantry_epics_id_fk" FOREIGN KEY ("gantry_epic_id") REFERENCES "public"."gantry_epics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gantry_epic_issues" ADD CONSTRAINT "gantry_epic_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gantry_epics" ADD CONSTRAINT "gantry_epics_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gantry_epics" ADD CONSTRAINT "gantry_epics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_dependencies" ADD CONSTRAINT "issue_dependencies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_dependencies" ADD CONSTRAINT "issue_dependencies_blocking_issue_id_issues_id_fk" FOREIGN KEY ("blocking_issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_dependencies" ADD CONSTRAINT "issue_dependencies_blocked_issue_id_issues_id_fk" FOREIGN KEY ("blocked_issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "priorities" ADD CONSTRAINT "priorities_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_issues" ADD CONSTRAINT "release_issues_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_issues" ADD CONSTRAINT "release_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sprint_issues" ADD CONSTRAINT "sprint_issues_sprint_id_sprints_id_fk" FOREIGN KEY ("sprint_id") REFERENCES "public"."sprints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sprint_issues" ADD CONSTRAINT "sprint_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sprints" ADD CONSTRAINT "sprints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epic_issues_issue_idx" ON "epic_issues" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "gantry_epic_issues_issue_idx" ON "gantry_epic_issues" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "gantry_epics_workspace_idx" ON "gantry_epics" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_dependencies_blocked_idx" ON "issue_dependencies" USING btree ("blocked_issue_id");--> statement-breakpoint
CREATE INDEX "priorities_workspace_rank_idx" ON "priorities" USING btree ("workspace_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "priorities_workspace_name_lower_key" ON "priorities" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "release_issues_issue_idx" ON "release_issues" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "releases_workspace_idx" ON "releases" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "sprint_issues_issue_idx" ON "sprint_issues" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "sprints_workspace_start_idx" ON "sprints" USING btree ("workspace_id","start_at");--> statement-breakpoint
ALTER TABLE "issue_positions" ADD CONSTRAINT "issue_positions_priority_id_priorities_id_fk" FOREIGN KEY ("priority_id") REFERENCES "public"."priorities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_parent_issue_id_issues_id_fk" FOREIGN KEY ("parent_issue_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_native_workspace_id_workspaces_id_fk" FOREIGN KEY ("native_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issues_parent_issue_idx" ON "issues" USING btree ("parent_issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repositories_native_workspace_key" ON "repositories" USING btree ("native_workspace_id");--> statement-breakpoint
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_github_or_native" CHECK (("repositories"."gh_id" is null) <> ("repositories"."native_workspace_id" is null));