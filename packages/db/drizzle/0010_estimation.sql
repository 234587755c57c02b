CREATE TABLE "estimation_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"voter_id" uuid NOT NULL,
	"inviter_id" uuid,
	"value" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimation_votes_value_not_negative" CHECK ("estimation_votes"."value" is null or "estimation_votes"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workspace_estimate_sets" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"values" double precision[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimation_votes" ADD CONSTRAINT "estimation_votes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_votes" ADD CONSTRAINT "estimation_votes_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_votes" ADD CONSTRAINT "estimation_votes_voter_id_users_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_votes" ADD CONSTRAINT "estimation_votes_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_estimate_sets" ADD CONSTRAINT "workspace_estimate_sets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimation_votes_workspace_issue_voter_key" ON "estimation_votes" USING btree ("workspace_id","issue_id","voter_id");--> statement-breakpoint
CREATE INDEX "estimation_votes_issue_idx" ON "estimation_votes" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "estimation_votes_voter_idx" ON "estimation_votes" USING btree ("voter_id");