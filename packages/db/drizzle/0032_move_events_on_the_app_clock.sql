-- The move's timeline entry, and the day an issue joins the board, are the move's time (p_moved_at, the
-- server's clock), not the database's now(): reports replay the timeline against the server's clock, and
-- a clock moved by GANTRY_TEST_CLOCK must move both (issue #27, decision 0060). Otherwise as migration 0030.
CREATE OR REPLACE FUNCTION "gantry_move_issue"(
  "p_workspace_id" uuid, "p_issue_id" uuid, "p_pipeline_id" uuid, "p_position" integer,
  "p_actor_id" uuid, "p_from" text, "p_to" text, "p_moved_at" timestamptz
) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  ranks text[];
  above text;
  below text;
  new_rank text;
BEGIN
  PERFORM 1 FROM "issues" AS i, "pipelines" AS p WHERE i."id" = "p_issue_id" AND p."id" = "p_pipeline_id"
    FOR KEY SHARE OF i FOR NO KEY UPDATE OF p;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF "p_from" IS DISTINCT FROM "p_to" THEN
    INSERT INTO "issue_events" ("issue_id", "workspace_id", "actor_id", "field", "from_value", "to_value", "source", "created_at")
      VALUES ("p_issue_id", "p_workspace_id", "p_actor_id", 'pipeline', "p_from", "p_to", 'gantry', "p_moved_at");
  END IF;
  IF "p_position" >= 0 THEN
    ranks := ARRAY(
      SELECT p."rank" FROM "issue_positions" AS p
        WHERE p."pipeline_id" = "p_pipeline_id" AND p."issue_open" AND p."issue_id" <> "p_issue_id"
        ORDER BY p."rank" COLLATE "C" OFFSET greatest("p_position" - 1, 0) LIMIT 2);
    IF "p_position" = 0 THEN
      below := ranks[1];
    ELSIF cardinality(ranks) > 0 THEN
      above := ranks[1];
      below := ranks[2];
    END IF;
  END IF;
  IF "p_position" < 0 OR ("p_position" > 0 AND cardinality(ranks) = 0) THEN
    SELECT p."rank" INTO above FROM "issue_positions" AS p
      WHERE p."pipeline_id" = "p_pipeline_id" AND p."issue_open" AND p."issue_id" <> "p_issue_id"
      ORDER BY p."rank" COLLATE "C" DESC LIMIT 1;
  END IF;
  new_rank := gantry_rank_between(above, below);
  INSERT INTO "issue_positions" ("workspace_id", "issue_id", "pipeline_id", "rank", "moved_at", "joined_at")
    VALUES ("p_workspace_id", "p_issue_id", "p_pipeline_id", new_rank, "p_moved_at", "p_moved_at")
    ON CONFLICT ("workspace_id", "issue_id") DO UPDATE
    SET "pipeline_id" = excluded."pipeline_id", "rank" = excluded."rank", "moved_at" = excluded."moved_at";
  RETURN new_rank;
END
$$;
