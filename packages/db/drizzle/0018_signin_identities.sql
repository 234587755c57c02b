CREATE TABLE "saml_seen_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signin_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signin_identities" ADD CONSTRAINT "signin_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_seen_messages_expires_idx" ON "saml_seen_messages" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signin_identities_provider_subject_key" ON "signin_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "signin_identities_user_idx" ON "signin_identities" USING btree ("user_id");