CREATE TABLE "enterprise_seat_usage" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "enterprise_seat_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "enterprise_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'REQUESTED' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "enterprise_seats_state_check" CHECK ("enterprise_seats"."state" in ('REQUESTED', 'APPROVED', 'DECLINED'))
);
--> statement-breakpoint
ALTER TABLE "enterprise_seat_usage" ADD CONSTRAINT "enterprise_seat_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_seats" ADD CONSTRAINT "enterprise_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_seats" ADD CONSTRAINT "enterprise_seats_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_seats_user_key" ON "enterprise_seats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enterprise_seats_state_idx" ON "enterprise_seats" USING btree ("state");