ALTER TABLE "estimation_votes" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;