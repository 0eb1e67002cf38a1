CREATE TABLE "outbox_secrets" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "password_resets_kind" CHECK ("password_resets"."kind" in ('LINK', 'CODE'))
);
--> statement-breakpoint
ALTER TABLE "outbox_secrets" ADD CONSTRAINT "outbox_secrets_message_id_outbox_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
-- Passwords queued before this migration are in the text (its last word). Undelivered ones keep theirs in
-- outbox_secrets for the worker; every one shows the placeholder instead, so Udbakke no longer reveals them.
INSERT INTO "outbox_secrets" ("message_id", "secret")
  SELECT "id", substring("body" from '(\S+)\s*$') FROM "outbox"
  WHERE "kind" IN ('PASSWORD_RESET', 'NEW_USER_PASSWORD') AND "status" IN ('PENDING', 'SENDING', 'FAILED') AND "body" ~ '\S+\s*$';--> statement-breakpoint
UPDATE "outbox" SET "body" = regexp_replace("body", '\S+\s*$', '{{secret}}')
  WHERE "kind" IN ('PASSWORD_RESET', 'NEW_USER_PASSWORD') AND "body" ~ '\S+\s*$';
