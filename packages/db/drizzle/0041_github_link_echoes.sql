CREATE TABLE "github_link_echoes" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "github_link_echoes_expires_idx" ON "github_link_echoes" USING btree ("expires_at");