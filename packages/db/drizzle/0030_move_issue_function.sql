-- A move in one statement (decision 0053): the rank rule of @gantry/domain's rankBetween
-- (packages/domain/src/ordering/rank.ts) in SQL, and a moveIssue's locked part as a function.
-- rank-between.db.test.ts holds the two rank rules to the same answers.
CREATE FUNCTION "gantry_rank_between"("before" text, "after" text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  digits CONSTANT text := '0123456789abcdefghijklmnopqrstuvwxyz';
  a text := coalesce("before", '');
  b text := "after";
  prefix text := '';
  common integer;
  low integer;
  high integer;
  value integer;
BEGIN
  IF "before" !~ '^[0-9a-z]*[1-9a-z]$' OR "after" !~ '^[0-9a-z]*[1-9a-z]$' THEN
    RAISE EXCEPTION 'invalid rank "%"', CASE WHEN "before" !~ '^[0-9a-z]*[1-9a-z]$' THEN "before" ELSE "after" END;
  END IF;
  IF "before" COLLATE "C" >= "after" COLLATE "C" THEN
    RAISE EXCEPTION 'rank "%" must sort before "%"', "before", "after";
  END IF;
  -- Just after the last rank: step up the first digit that can go up, dropping what follows.
  IF "before" IS NOT NULL AND "after" IS NULL THEN
    FOR i IN 1..length(a) LOOP
      value := strpos(digits, substr(a, i, 1)) - 1;
      IF value < 35 THEN RETURN substr(a, 1, i - 1) || substr(digits, value + 2, 1); END IF;
    END LOOP;
    RETURN a || '1';
  END IF;
  -- Just before the first rank, stepping a digit down the same way.
  IF "before" IS NULL AND "after" IS NOT NULL THEN
    FOR i IN 1..length(b) LOOP
      value := strpos(digits, substr(b, i, 1)) - 1;
      IF value > 1 THEN RETURN substr(b, 1, i - 1) || substr(digits, value, 1); END IF;
    END LOOP;
    RETURN substr(b, 1, length(b) - 1) || '0z';
  END IF;
  -- The midpoint: the common prefix (a read as padded with 0s), then the digit halfway, or one
  -- more digit of a when the two first digits are neighbours.
  IF b IS NOT NULL THEN
    common := 0;
    WHILE common < length(b) AND coalesce(nullif(substr(a, common + 1, 1), ''), '0') = substr(b, common + 1, 1) LOOP
      common := common + 1;
    END LOOP;
    prefix := substr(b, 1, common);
    a := substr(a, common + 1);
    b := substr(b, common + 1);
  END IF;
  LOOP
    low := CASE WHEN a = '' THEN 0 ELSE strpos(digits, substr(a, 1, 1)) - 1 END;
    high := CASE WHEN b IS NULL THEN 36 ELSE strpos(digits, substr(b, 1, 1)) - 1 END;
    IF high - low > 1 THEN RETURN prefix || substr(digits, (low + high + 1) / 2 + 1, 1); END IF;
    IF b IS NOT NULL AND length(b) > 1 THEN RETURN prefix || substr(b, 1, 1); END IF;
    prefix := prefix || substr(digits, low + 1, 1);
    a := substr(a, 2);
    b := NULL;
  END LOOP;
END
$$;--> statement-breakpoint
-- moveIssue's part under the pipeline's order lock (decision 0046), as the server ran it in a
-- transaction of four statements: the locks (the issue's row, then the pipeline's), the timeline
-- entry (not when from equals to), the ranks either side of the position among the pipeline's other
-- open issues (0 the top; negative or past the last the bottom; open as migration 0029's copy of the
-- issue's state on its position says, without a read of each issue), the rank between them, and the
-- issue's place. Each statement of a volatile function reads what committed before it ran, so the
-- neighbours are read after the lock is held. Answers the new rank, or NULL when the issue or the
-- pipeline is gone (and writes nothing).
CREATE FUNCTION "gantry_move_issue"(
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
      VALUES ("p_issue_id", "p_workspace_id", "p_actor_id", 'pipeline', "p_from", "p_to", 'gantry', now());
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
  INSERT INTO "issue_positions" ("workspace_id", "issue_id", "pipeline_id", "rank", "moved_at")
    VALUES ("p_workspace_id", "p_issue_id", "p_pipeline_id", new_rank, "p_moved_at")
    ON CONFLICT ("workspace_id", "issue_id") DO UPDATE
    SET "pipeline_id" = excluded."pipeline_id", "rank" = excluded."rank", "moved_at" = excluded."moved_at";
  RETURN new_rank;
END
$$;
