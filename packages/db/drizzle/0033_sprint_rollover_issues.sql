CREATE TABLE "sprint_rollover_issues" (
	"closed_sprint_id" uuid NOT NULL,
	"next_sprint_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "sprint_rollover_issues_closed_sprint_id_issue_id_pk" PRIMARY KEY("closed_sprint_id","issue_id"),
	CONSTRAINT "sprint_rollover_issues_outcome" CHECK ("sprint_rollover_issues"."outcome" in ('carried', 'filled', 'unfitted'))
);
--> statement-breakpoint
ALTER TABLE "sprint_rollover_issues" ADD CONSTRAINT "sprint_rollover_issues_closed_sprint_id_sprints_id_fk" FOREIGN KEY ("closed_sprint_id") REFERENCES "public"."sprints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sprint_rollover_issues" ADD CONSTRAINT "sprint_rollover_issues_next_sprint_id_sprints_id_fk" FOREIGN KEY ("next_sprint_id") REFERENCES "public"."sprints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sprint_rollover_issues" ADD CONSTRAINT "sprint_rollover_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;