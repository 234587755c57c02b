CREATE TABLE "pipeline_totals" (
	"pipeline_id" uuid NOT NULL,
	"is_pull_request" boolean NOT NULL,
	"issue_count" integer NOT NULL,
	"points" numeric NOT NULL,
	CONSTRAINT "pipeline_totals_pipeline_id_is_pull_request_pk" PRIMARY KEY("pipeline_id","is_pull_request")
);
--> statement-breakpoint
ALTER TABLE "pipeline_totals" ADD CONSTRAINT "pipeline_totals_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Today's totals, from the positions' copies of their issues' state, kind and estimate (migration 0029).
INSERT INTO "pipeline_totals" ("pipeline_id", "is_pull_request", "issue_count", "points")
  SELECT "pipeline_id", "is_pull_request", count(*), coalesce(sum("estimate"::numeric), 0)
  FROM "issue_positions" WHERE "issue_open" GROUP BY "pipeline_id", "is_pull_request";--> statement-breakpoint
-- Adds what a change to a position did to its pipelines' totals (decision 0066): the open row it
-- took away counted out, the open row it left counted in, per pipeline and kind. Row triggers whose
-- WHEN clause (checked without calling the function) passes only the changes that count: a reorder
-- inside a pipeline, a priority or a time touches no total. The (at most two) rows are written in key
-- order, so two moves in opposite directions lock the same two totals in the same order and never
-- deadlock on them. A pipeline being deleted (its positions cascading) is skipped by the join.
CREATE FUNCTION "pipeline_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_totals" AS t ("pipeline_id", "is_pull_request", "issue_count", "points")
    SELECT d."pipeline_id", d."is_pull_request", sum(d."issue_count"), sum(d."points")
    FROM (
      SELECT OLD."pipeline_id", OLD."is_pull_request", -1, -coalesce(OLD."estimate", 0)::numeric
        WHERE TG_OP <> 'INSERT' AND OLD."issue_open"
      UNION ALL
      SELECT NEW."pipeline_id", NEW."is_pull_request", 1, coalesce(NEW."estimate", 0)::numeric
        WHERE TG_OP <> 'DELETE' AND NEW."issue_open"
    ) AS d ("pipeline_id", "is_pull_request", "issue_count", "points")
    JOIN "pipelines" AS p ON p."id" = d."pipeline_id"
    GROUP BY d."pipeline_id", d."is_pull_request"
    HAVING sum(d."issue_count") <> 0 OR sum(d."points") <> 0
    ORDER BY d."pipeline_id", d."is_pull_request"
    ON CONFLICT ("pipeline_id", "is_pull_request") DO UPDATE
      SET "issue_count" = t."issue_count" + excluded."issue_count", "points" = t."points" + excluded."points";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "issue_positions_totals_insert" AFTER INSERT ON "issue_positions"
  FOR EACH ROW WHEN (NEW."issue_open") EXECUTE FUNCTION "pipeline_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "issue_positions_totals_update" AFTER UPDATE ON "issue_positions"
  FOR EACH ROW WHEN (OLD."pipeline_id" IS DISTINCT FROM NEW."pipeline_id" OR OLD."issue_open" IS DISTINCT FROM NEW."issue_open"
    OR OLD."is_pull_request" IS DISTINCT FROM NEW."is_pull_request" OR OLD."estimate" IS DISTINCT FROM NEW."estimate")
  EXECUTE FUNCTION "pipeline_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "issue_positions_totals_delete" AFTER DELETE ON "issue_positions"
  FOR EACH ROW WHEN (OLD."issue_open") EXECUTE FUNCTION "pipeline_totals_apply"();--> statement-breakpoint
-- Board search (decision 0066): every term is looked for in one text, the lower-cased title, body
-- and "#number" joined by line breaks (terms never hold whitespace, so none matches across two parts),
-- through a trigram index, so a searched viewport reads the issues holding the term, not every issue.
-- apps/server/src/board/filtering.ts writes the same expression; PostgreSQL uses the index only
-- when the two are identical.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE INDEX "issues_search_trgm_idx" ON "issues" USING gin (
  (lower("title") || E'\n' || lower(coalesce("body", '')) || E'\n#' || "number"::text) gin_trgm_ops
);
