ALTER TABLE "issue_positions" ADD COLUMN "issue_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_positions" ADD COLUMN "is_pull_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_positions" ADD COLUMN "estimate" double precision;--> statement-breakpoint
CREATE INDEX "issue_positions_pipeline_totals_idx" ON "issue_positions" USING btree ("pipeline_id","is_pull_request","estimate") WHERE "issue_positions"."issue_open";--> statement-breakpoint
UPDATE "issue_positions" AS p SET "issue_open" = (i."state" = 'open'), "is_pull_request" = i."is_pull_request", "estimate" = i."estimate" FROM "issues" AS i WHERE i."id" = p."issue_id";--> statement-breakpoint
CREATE FUNCTION "issue_positions_copy_card_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i."state" = 'open', i."is_pull_request", i."estimate" INTO NEW."issue_open", NEW."is_pull_request", NEW."estimate"
    FROM "issues" AS i WHERE i."id" = NEW."issue_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "issue_positions_card_totals" BEFORE INSERT OR UPDATE OF "issue_id" ON "issue_positions"
  FOR EACH ROW EXECUTE FUNCTION "issue_positions_copy_card_totals"();--> statement-breakpoint
CREATE FUNCTION "issues_share_card_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "issue_positions" SET "issue_open" = (NEW."state" = 'open'), "is_pull_request" = NEW."is_pull_request", "estimate" = NEW."estimate"
    WHERE "issue_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "issues_card_totals" AFTER UPDATE OF "state", "is_pull_request", "estimate" ON "issues"
  FOR EACH ROW WHEN (OLD."state" IS DISTINCT FROM NEW."state" OR OLD."is_pull_request" IS DISTINCT FROM NEW."is_pull_request" OR OLD."estimate" IS DISTINCT FROM NEW."estimate")
  EXECUTE FUNCTION "issues_share_card_totals"();
