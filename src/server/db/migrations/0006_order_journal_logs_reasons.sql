CREATE TABLE "order_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"image_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"loan_car_id" uuid,
	"department_id" uuid,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"signed_by_id" uuid,
	"signed_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "old_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_no" text NOT NULL,
	"name" text NOT NULL,
	"euro_code" text DEFAULT '' NOT NULL,
	"list_price_ore" integer NOT NULL,
	"valid_from" date,
	"valid_to" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_journal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"by" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"log_date" timestamp with time zone DEFAULT now() NOT NULL,
	"log_type" text NOT NULL,
	"log_reason" text NOT NULL,
	"log_comment" text DEFAULT '' NOT NULL,
	"job_type" text DEFAULT '' NOT NULL,
	"log_user" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"nav_location_code" text DEFAULT '' NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"org_date" text DEFAULT '' NOT NULL,
	"org_time" text DEFAULT '' NOT NULL,
	"reg_nr" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reasons_list_text" UNIQUE("list","text")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_hold_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_images" ADD CONSTRAINT "order_images_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_images" ADD CONSTRAINT "order_images_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_loan_car_id_loan_cars_id_fk" FOREIGN KEY ("loan_car_id") REFERENCES "public"."loan_cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_signed_by_id_users_id_fk" FOREIGN KEY ("signed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_journal" ADD CONSTRAINT "order_journal_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_journal" ADD CONSTRAINT "order_journal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_images_order" ON "order_images" USING btree ("order_id","image_type");--> statement-breakpoint
CREATE INDEX "signed_documents_order" ON "signed_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "old_prices_search_trgm" ON "old_prices" USING gin (("product_no" || ' ' || "name" || ' ' || "euro_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "old_prices_product_no" ON "old_prices" USING btree ("product_no","valid_to");--> statement-breakpoint
CREATE INDEX "order_journal_order_at" ON "order_journal" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_logs_date" ON "order_logs" USING btree ("log_date");--> statement-breakpoint
CREATE INDEX "order_logs_order" ON "order_logs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reasons_list_sort" ON "reasons" USING btree ("list","sort_order");