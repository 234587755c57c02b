CREATE TABLE "epic_dates" (
	"issue_id" uuid PRIMARY KEY NOT NULL,
	"start_on" date,
	"end_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epic_dates_in_order" CHECK ("epic_dates"."end_on" is null or "epic_dates"."start_on" is null or "epic_dates"."end_on" >= "epic_dates"."start_on")
);
--> statement-breakpoint
ALTER TABLE "epic_dates" ADD CONSTRAINT "epic_dates_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;