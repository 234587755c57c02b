CREATE TABLE "pipeline_filter_totals" (
	"pipeline_id" uuid NOT NULL,
	"filter_key" text NOT NULL,
	"filter_value" text NOT NULL,
	"is_pull_request" boolean NOT NULL,
	"issue_count" integer NOT NULL,
	"points" numeric NOT NULL,
	CONSTRAINT "pipeline_filter_totals_pk" PRIMARY KEY("pipeline_id","filter_key","filter_value","is_pull_request")
);
--> statement-breakpoint
ALTER TABLE "issue_positions" ADD COLUMN "label_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_positions" ADD COLUMN "assignee_logins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_filter_totals" ADD CONSTRAINT "pipeline_filter_totals_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The names a filter compares (decision 0104): `labels @> '[{"name":"bug"}]'` keeps an issue when an element
-- of the array is an object whose "name" is the string "bug", so exactly those strings, once each, sorted.
CREATE FUNCTION "gantry_json_names"("items" jsonb, "field" text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT e ->> "field" ORDER BY e ->> "field"), '{}')
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof("items") = 'array' THEN "items" ELSE '[]' END) AS e
    WHERE jsonb_typeof(e -> "field") = 'string'
$$;--> statement-breakpoint
UPDATE "issue_positions" AS p SET "label_names" = gantry_json_names(i."labels", 'name'),
  "assignee_logins" = gantry_json_names(i."assignees", 'login')
  FROM "issues" AS i WHERE i."id" = p."issue_id";--> statement-breakpoint
-- Migration 0029's copies, now with the label names and assignee logins.
CREATE OR REPLACE FUNCTION "issue_positions_copy_card_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i."state" = 'open', i."is_pull_request", i."estimate", gantry_json_names(i."labels", 'name'),
      gantry_json_names(i."assignees", 'login')
    INTO NEW."issue_open", NEW."is_pull_request", NEW."estimate", NEW."label_names", NEW."assignee_logins"
    FROM "issues" AS i WHERE i."id" = NEW."issue_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Positions are rewritten only when a copy changes: GitHub sends an issue's labels and assignees with every
-- edit, and an assignee's avatar or the labels' order change nothing a filter compares.
CREATE OR REPLACE FUNCTION "issues_share_card_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  names text[] := gantry_json_names(NEW."labels", 'name');
  logins text[] := gantry_json_names(NEW."assignees", 'login');
BEGIN
  UPDATE "issue_positions" SET "issue_open" = (NEW."state" = 'open'), "is_pull_request" = NEW."is_pull_request",
      "estimate" = NEW."estimate", "label_names" = names, "assignee_logins" = logins
    WHERE "issue_id" = NEW."id" AND ("issue_open" IS DISTINCT FROM (NEW."state" = 'open')
      OR "is_pull_request" IS DISTINCT FROM NEW."is_pull_request" OR "estimate" IS DISTINCT FROM NEW."estimate"
      OR "label_names" IS DISTINCT FROM names OR "assignee_logins" IS DISTINCT FROM logins);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "issues_card_totals" ON "issues";--> statement-breakpoint
CREATE TRIGGER "issues_card_totals" AFTER UPDATE OF "state", "is_pull_request", "estimate", "labels", "assignees" ON "issues"
  FOR EACH ROW WHEN (OLD."state" IS DISTINCT FROM NEW."state" OR OLD."is_pull_request" IS DISTINCT FROM NEW."is_pull_request"
    OR OLD."estimate" IS DISTINCT FROM NEW."estimate" OR OLD."labels" IS DISTINCT FROM NEW."labels"
    OR OLD."assignees" IS DISTINCT FROM NEW."assignees")
  EXECUTE FUNCTION "issues_share_card_totals"();--> statement-breakpoint
INSERT INTO "pipeline_filter_totals" ("pipeline_id", "filter_key", "filter_value", "is_pull_request", "issue_count", "points")
  SELECT p."pipeline_id", v."filter_key", v."filter_value", p."is_pull_request", count(*), coalesce(sum(p."estimate"::numeric), 0)
  FROM "issue_positions" AS p
  CROSS JOIN LATERAL (
    SELECT 'labels', unnest(p."label_names") UNION ALL SELECT 'assignees', unnest(p."assignee_logins")
  ) AS v ("filter_key", "filter_value")
  WHERE p."issue_open"
  GROUP BY p."pipeline_id", v."filter_key", v."filter_value", p."is_pull_request";--> statement-breakpoint
-- What a change to a position did to its pipelines' label and assignee totals, as `pipeline_totals_apply`
-- (migration 0038) does for the pipelines' own: the open row taken away counted out of each of its labels
-- and assignees, the open row left counted in, upserted in key order (so two writers never deadlock on them).
-- The WHEN clauses pass only changes that count, and positions without labels or assignees.
CREATE FUNCTION "pipeline_filter_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_filter_totals" AS t ("pipeline_id", "filter_key", "filter_value", "is_pull_request", "issue_count", "points")
    SELECT d."pipeline_id", d."filter_key", d."filter_value", d."is_pull_request", sum(d."issue_count"), sum(d."points")
    FROM (
      SELECT OLD."pipeline_id", v."filter_key", v."filter_value", OLD."is_pull_request", -1, -coalesce(OLD."estimate", 0)::numeric
        FROM (SELECT 'labels', unnest(OLD."label_names") UNION ALL SELECT 'assignees', unnest(OLD."assignee_logins"))
          AS v ("filter_key", "filter_value")
        WHERE TG_OP <> 'INSERT' AND OLD."issue_open"
      UNION ALL
      SELECT NEW."pipeline_id", v."filter_key", v."filter_value", NEW."is_pull_request", 1, coalesce(NEW."estimate", 0)::numeric
        FROM (SELECT 'labels', unnest(NEW."label_names") UNION ALL SELECT 'assignees', unnest(NEW."assignee_logins"))
          AS v ("filter_key", "filter_value")
        WHERE TG_OP <> 'DELETE' AND NEW."issue_open"
    ) AS d ("pipeline_id", "filter_key", "filter_value", "is_pull_request", "issue_count", "points")
    JOIN "pipelines" AS p ON p."id" = d."pipeline_id"
    GROUP BY d."pipeline_id", d."filter_key", d."filter_value", d."is_pull_request"
    HAVING sum(d."issue_count") <> 0 OR sum(d."points") <> 0
    ORDER BY d."pipeline_id", d."filter_key", d."filter_value", d."is_pull_request"
    ON CONFLICT ("pipeline_id", "filter_key", "filter_value", "is_pull_request") DO UPDATE
      SET "issue_count" = t."issue_count" + excluded."issue_count", "points" = t."points" + excluded."points";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "issue_positions_filter_totals_insert" AFTER INSERT ON "issue_positions"
  FOR EACH ROW WHEN (NEW."issue_open" AND (cardinality(NEW."label_names") > 0 OR cardinality(NEW."assignee_logins") > 0))
  EXECUTE FUNCTION "pipeline_filter_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "issue_positions_filter_totals_update" AFTER UPDATE ON "issue_positions"
  FOR EACH ROW WHEN ((OLD."issue_open" OR NEW."issue_open")
    AND (cardinality(OLD."label_names") > 0 OR cardinality(OLD."assignee_logins") > 0
      OR cardinality(NEW."label_names") > 0 OR cardinality(NEW."assignee_logins") > 0)
    AND (OLD."pipeline_id" IS DISTINCT FROM NEW."pipeline_id" OR OLD."issue_open" IS DISTINCT FROM NEW."issue_open"
      OR OLD."is_pull_request" IS DISTINCT FROM NEW."is_pull_request" OR OLD."estimate" IS DISTINCT FROM NEW."estimate"
      OR OLD."label_names" IS DISTINCT FROM NEW."label_names" OR OLD."assignee_logins" IS DISTINCT FROM NEW."assignee_logins"))
  EXECUTE FUNCTION "pipeline_filter_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "issue_positions_filter_totals_delete" AFTER DELETE ON "issue_positions"
  FOR EACH ROW WHEN (OLD."issue_open" AND (cardinality(OLD."label_names") > 0 OR cardinality(OLD."assignee_logins") > 0))
  EXECUTE FUNCTION "pipeline_filter_totals_apply"();
