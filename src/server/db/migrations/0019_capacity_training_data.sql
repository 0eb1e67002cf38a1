CREATE TABLE "capacity_training_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"from_department_id" uuid,
	"to_department_id" uuid,
	"score" double precision NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"suggestion" jsonb NOT NULL,
	"created_by_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capacity_training_data" ADD CONSTRAINT "capacity_training_data_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_training_data_created_at" ON "capacity_training_data" USING btree ("created_at");