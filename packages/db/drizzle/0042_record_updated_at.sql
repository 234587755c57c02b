ALTER TABLE "priorities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sprints" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Rows made before the column existed were last changed no later than now; their creation is the best known date.
UPDATE "priorities" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "sprints" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "releases" SET "updated_at" = "created_at";
