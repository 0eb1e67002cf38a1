-- Issue 37: time slots get a row version so a stale slot edit is refused; the per-user photo bound reads an index.
-- Issue 38: client_changes keeps the answer of each change a device sent with an Idempotency-Key, so a resend is not applied twice.
CREATE TABLE "client_changes" (
	"user_id" uuid NOT NULL,
	"change_id" uuid NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"etag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "client_changes_user_id_change_id_pk" PRIMARY KEY("user_id","change_id"),
	CONSTRAINT "client_changes_status" CHECK ("client_changes"."status" is null or "client_changes"."status" between 100 and 599)
);
--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "update_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "client_changes" ADD CONSTRAINT "client_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_changes_created" ON "client_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_images_creator" ON "order_images" USING btree ("created_by_id","created_at");