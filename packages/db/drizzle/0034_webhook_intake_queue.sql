ALTER TABLE "repositories" ALTER COLUMN "last_delivery_lag_ms" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "repositories" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "state" text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "payload" text;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_queued_idx" ON "webhook_deliveries" USING btree ("repository_id","seq") WHERE "webhook_deliveries"."state" = 'queued';--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_state" CHECK ("webhook_deliveries"."state" in ('queued', 'applied', 'failed'));