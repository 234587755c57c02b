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
-- Adds what a statement did to positions to their pipelines' totals (decision 0066): the open rows
-- it left counted in, those it took away counted out, one row per pipeline and kind. Statement-level,
-- so an import of 1,000 positions adds once per pipeline; net-zero changes (a reorder inside a
-- pipeline, a priority) touch no total. The rows are written in key order, so two moves in opposite
-- directions lock the same two totals in the same order and never deadlock on them. A pipeline
-- being deleted (its positions cascading) is skipped by the join.
CREATE FUNCTION "pipeline_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas "pipeline_totals"[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n."pipeline_id", n."is_pull_request", 1, coalesce(n."estimate", 0)::numeric)::"pipeline_totals")
      INTO deltas FROM "new_rows" AS n WHERE n."issue_open";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(o."pipeline_id", o."is_pull_request", -1, -coalesce(o."estimate", 0)::numeric)::"pipeline_totals")
      INTO deltas FROM "old_rows" AS o WHERE o."issue_open";
  ELSE
    SELECT array_agg(d) INTO deltas FROM (
      SELECT ROW(n."pipeline_id", n."is_pull_request", 1, coalesce(n."estimate", 0)::numeric)::"pipeline_totals" AS d
        FROM "new_rows" AS n WHERE n."issue_open"
      UNION ALL
      SELECT ROW(o."pipeline_id", o."is_pull_request", -1, -coalesce(o."estimate", 0)::numeric)::"pipeline_totals"
        FROM "old_rows" AS o WHERE o."issue_open"
    ) AS changed;
  END IF;
  IF deltas IS NULL THEN RETURN NULL; END IF;
  INSERT INTO "pipeline_totals" AS t ("pipeline_id", "is_pull_request", "issue_count", "points")
    SELECT d."pipeline_id", d."is_pull_request", sum(d."issue_count"), sum(d."points")
    FROM unnest(deltas) AS d JOIN "pipelines" AS p ON p."id" = d."pipeline_id"
    GROUP BY d."pipeline_id", d."is_pull_request"
    HAVING sum(d."issue_count") <> 0 OR sum(d."points") <> 0
    ORDER BY d."pipeline_id", d."is_pull_request"
    ON CONFLICT ("pipeline_id", "is_pull_request") DO UPDATE
      SET "issue_count" = t."issue_count" + excluded."issue_count", "points" = t."points" + excluded."points";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "issue_positions_totals_insert" AFTER INSERT ON "issue_positions"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "issue_positions_totals_update" AFTER UPDATE ON "issue_positions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "issue_positions_totals_delete" AFTER DELETE ON "issue_positions"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "pipeline_totals_apply"();--> statement-breakpoint
-- Board search (decision 0066): every term is looked for in one text, the lower-cased title, body
-- and "#number" joined by line breaks (terms never hold whitespace, so none matches across two parts),
-- through a trigram index, so a searched viewport reads the issues holding the term, not every issue.
-- apps/server/src/board/filtering.ts writes the same expression; PostgreSQL uses the index only
-- when the two are identical.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE INDEX "issues_search_trgm_idx" ON "issues" USING gin (
  (lower("title") || E'\n' || lower(coalesce("body", '')) || E'\n#' || "number"::text) gin_trgm_ops
);
