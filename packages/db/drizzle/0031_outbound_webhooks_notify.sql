-- Every change to a workspace's outbound webhooks is announced on the channel "gantry_outbound_webhooks" with the
-- workspace's id, so each server instance sharing the database can drop its cached list (decision 0054).
-- NOTIFY is sent when the transaction commits, and not at all if it rolls back.
CREATE FUNCTION "outbound_webhooks_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('gantry_outbound_webhooks', OLD."workspace_id"::text);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."workspace_id" IS DISTINCT FROM OLD."workspace_id") THEN
    PERFORM pg_notify('gantry_outbound_webhooks', NEW."workspace_id"::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outbound_webhooks_notify" AFTER INSERT OR UPDATE OR DELETE ON "outbound_webhooks"
  FOR EACH ROW EXECUTE FUNCTION "outbound_webhooks_notify"();
