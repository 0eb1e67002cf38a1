CREATE TABLE "address_coordinates" (
	"address" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "web_booking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "web_booking_days_ahead" integer DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "web_booking_notice_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_reported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_provider_message" ON "outbox" USING btree ("provider_message_id") WHERE "outbox"."provider_message_id" is not null;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_web_booking_days" CHECK ("departments"."web_booking_days_ahead" between 1 and 180 and "departments"."web_booking_notice_hours" between 0 and 720);--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_delivery_status" CHECK ("outbox"."delivery_status" in ('', 'DELIVERED', 'UNDELIVERED'));