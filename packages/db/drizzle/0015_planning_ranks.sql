CREATE TABLE "planning_ranks" (
	"organization_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"rank" text NOT NULL,
	CONSTRAINT "planning_ranks_organization_id_issue_id_pk" PRIMARY KEY("organization_id","issue_id")
);
--> statement-breakpoint
ALTER TABLE "planning_ranks" ADD CONSTRAINT "planning_ranks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_ranks" ADD CONSTRAINT "planning_ranks_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_ranks_organization_rank_idx" ON "planning_ranks" USING btree ("organization_id","rank");