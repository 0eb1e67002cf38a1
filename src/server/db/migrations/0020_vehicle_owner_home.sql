ALTER TABLE "vehicles" ADD COLUMN "owner_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "owner_zip_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "owner_city" text DEFAULT '' NOT NULL;