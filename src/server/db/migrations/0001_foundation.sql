CREATE TABLE "car_makes" (
	"manu_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "car_makes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "car_models" (
	"model_id" integer PRIMARY KEY NOT NULL,
	"manu_id" integer NOT NULL,
	"name" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"registration_number" text PRIMARY KEY NOT NULL,
	"vin" text DEFAULT '' NOT NULL,
	"manu_id" integer,
	"model_id" integer,
	"model_year" integer,
	"insurance" text DEFAULT '' NOT NULL,
	"leasing" text DEFAULT '' NOT NULL,
	"leaser" text DEFAULT '' NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"user" text DEFAULT '' NOT NULL,
	"equipment_line" text DEFAULT '' NOT NULL,
	"segment" text DEFAULT '' NOT NULL,
	"door_quantity" integer,
	"colour" text DEFAULT '' NOT NULL,
	"bodywork" text DEFAULT '' NOT NULL,
	"first_registration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "department_opening_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" uuid NOT NULL,
	"day" smallint,
	"date" date,
	"from" double precision NOT NULL,
	"to" double precision NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "department_opening_hours_day_or_date" CHECK (("department_opening_hours"."day" is null) <> ("department_opening_hours"."date" is null)),
	CONSTRAINT "department_opening_hours_day" CHECK ("department_opening_hours"."day" is null or "department_opening_hours"."day" between 0 and 6),
	CONSTRAINT "department_opening_hours_span" CHECK ("department_opening_hours"."from" >= 0 and "department_opening_hours"."to" <= 24 and "department_opening_hours"."from" <= "department_opening_hours"."to")
);
--> statement-breakpoint
CREATE TABLE "department_resource_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"obs" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"department_email" text DEFAULT '' NOT NULL,
	"mobile_service" boolean DEFAULT false NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"nav_location_code" text NOT NULL,
	"nav_responsibility_center" text NOT NULL,
	"nav_birth_location_code" text DEFAULT '' NOT NULL,
	"debitor_no" text,
	"window_change_time_offset" integer DEFAULT 0 NOT NULL,
	"stone_chip_time_offset" integer DEFAULT 0 NOT NULL,
	"has_waiting_list" boolean DEFAULT false NOT NULL,
	"warehouse_email_list" text DEFAULT '' NOT NULL,
	"region" text NOT NULL,
	"delivering_days" text DEFAULT '1,2,3,4,5' NOT NULL,
	"next_day_delivery_time" text DEFAULT '' NOT NULL,
	"daily_delivery_time" text DEFAULT '' NOT NULL,
	"coffee" boolean DEFAULT false NOT NULL,
	"loan_car" boolean DEFAULT false NOT NULL,
	"wifi" boolean DEFAULT false NOT NULL,
	"in_active" boolean DEFAULT false NOT NULL,
	"max_number_of_workers" integer DEFAULT 3 NOT NULL,
	"parent_department_id" uuid,
	"calendar_department_id" uuid,
	"alert_messages" text[] DEFAULT '{}'::text[] NOT NULL,
	"update_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_nav_location_code_unique" UNIQUE("nav_location_code"),
	CONSTRAINT "departments_region" CHECK ("departments"."region" in ('Fyn', 'Jylland', 'Sjaelland')),
	CONSTRAINT "departments_max_workers" CHECK ("departments"."max_number_of_workers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_car_damages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_car_id" uuid NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" uuid NOT NULL,
	"reg_number" text NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"fuel_type" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_cars_reg_number_unique" UNIQUE("reg_number")
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" uuid NOT NULL,
	"type" text NOT NULL,
	"day" smallint,
	"date" date,
	"from" double precision NOT NULL,
	"to" double precision NOT NULL,
	"max_bookings" integer DEFAULT 1 NOT NULL,
	"reperation_time" double precision DEFAULT 0 NOT NULL,
	"stone_chip_alternative_win_replace" double precision DEFAULT 0 NOT NULL,
	"has_free_car" boolean DEFAULT false NOT NULL,
	"original_id" uuid,
	"parent_slot_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_slots_type" CHECK ("time_slots"."type" in ('WINDOW_REPLACE', 'STONE_CHIP')),
	CONSTRAINT "time_slots_day_or_date" CHECK (("time_slots"."day" is null) <> ("time_slots"."date" is null)),
	CONSTRAINT "time_slots_day" CHECK ("time_slots"."day" is null or "time_slots"."day" between 0 and 6),
	CONSTRAINT "time_slots_span" CHECK ("time_slots"."from" >= 0 and "time_slots"."to" <= 24 and "time_slots"."from" < "time_slots"."to"),
	CONSTRAINT "time_slots_max_bookings" CHECK ("time_slots"."max_bookings" >= 0),
	CONSTRAINT "time_slots_free_car_single" CHECK (not "time_slots"."has_free_car" or "time_slots"."max_bookings" <= 1)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"html" text,
	"order_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"transport" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "outbox_channel" CHECK ("outbox"."channel" in ('SMS', 'EMAIL')),
	CONSTRAINT "outbox_status" CHECK ("outbox"."status" in ('PENDING', 'SENDING', 'SENT', 'KEPT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "debitor_price_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"debitor_no" text NOT NULL,
	"product_no" text,
	"product_group_id" uuid,
	"discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"net_price_ore" integer,
	CONSTRAINT "debitor_price_agreements_one" UNIQUE NULLS NOT DISTINCT("debitor_no","product_no","product_group_id"),
	CONSTRAINT "debitor_price_agreements_percent" CHECK ("debitor_price_agreements"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "debitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"no" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"cvr" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'COMPANY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debitors_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "insurers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bil_statistik_name" text DEFAULT '' NOT NULL,
	"debitor_no" text,
	"cash_debitor_no" text,
	"in_review" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "leasers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"debitor_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leasers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product_car_fits" (
	"product_id" uuid NOT NULL,
	"model_id" integer NOT NULL,
	"year_from" integer DEFAULT 0 NOT NULL,
	"year_to" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_car_fits_product_id_model_id_pk" PRIMARY KEY("product_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product_sub_items" (
	"product_id" uuid NOT NULL,
	"sub_product_id" uuid NOT NULL,
	"amount" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "product_sub_items_product_id_sub_product_id_pk" PRIMARY KEY("product_id","sub_product_id")
);
--> statement-breakpoint
CREATE TABLE "product_tips" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"general" text DEFAULT '' NOT NULL,
	"mounting" text DEFAULT '' NOT NULL,
	"calibrating" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"no" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description2" text DEFAULT '' NOT NULL,
	"description3" text DEFAULT '' NOT NULL,
	"description4" text DEFAULT '' NOT NULL,
	"group_id" uuid,
	"list_price_ore" integer DEFAULT 0 NOT NULL,
	"item_type" smallint DEFAULT 0 NOT NULL,
	"two_person_job" boolean DEFAULT false NOT NULL,
	"is_service" boolean DEFAULT false NOT NULL,
	"is_vin_item" boolean DEFAULT false NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"oe_number" text DEFAULT '' NOT NULL,
	"euro_code" text DEFAULT '' NOT NULL,
	"oes" text DEFAULT '' NOT NULL,
	"same_as" text DEFAULT '' NOT NULL,
	"agc" text DEFAULT '' NOT NULL,
	"oem" text DEFAULT '' NOT NULL,
	"autoversap_code" text DEFAULT '' NOT NULL,
	"nags" text DEFAULT '' NOT NULL,
	"aw" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"instruction_url" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_no_unique" UNIQUE("no"),
	CONSTRAINT "products_item_type" CHECK ("products"."item_type" between 0 and 3),
	CONSTRAINT "products_list_price" CHECK ("products"."list_price_ore" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"product_id" uuid NOT NULL,
	"location_code" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"bin_code" text DEFAULT '' NOT NULL,
	CONSTRAINT "stock_product_id_location_code_pk" PRIMARY KEY("product_id","location_code"),
	CONSTRAINT "stock_amount_not_negative" CHECK ("stock"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_bins" (
	"location_code" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "stock_bins_location_code_code_pk" PRIMARY KEY("location_code","code")
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"department_id" uuid,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"initials" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"department_id" uuid,
	"calendar_department_id" uuid,
	"allow_sms" boolean DEFAULT false NOT NULL,
	"allow_email" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "zip_code_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zip_code" text NOT NULL,
	"department_id" uuid NOT NULL,
	"nav_responsibility_center" text DEFAULT '' NOT NULL,
	"monday" boolean DEFAULT false NOT NULL,
	"tuesday" boolean DEFAULT false NOT NULL,
	"wednesday" boolean DEFAULT false NOT NULL,
	"thursday" boolean DEFAULT false NOT NULL,
	"friday" boolean DEFAULT false NOT NULL,
	"saturday" boolean DEFAULT false NOT NULL,
	"sunday" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zip_codes" (
	"zip_code" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_models" ADD CONSTRAINT "car_models_manu_id_car_makes_manu_id_fk" FOREIGN KEY ("manu_id") REFERENCES "public"."car_makes"("manu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_manu_id_car_makes_manu_id_fk" FOREIGN KEY ("manu_id") REFERENCES "public"."car_makes"("manu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_model_id_car_models_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("model_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_opening_hours" ADD CONSTRAINT "department_opening_hours_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_resource_relations" ADD CONSTRAINT "department_resource_relations_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_resource_relations" ADD CONSTRAINT "department_resource_relations_resource_id_departments_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_debitor_no_debitors_no_fk" FOREIGN KEY ("debitor_no") REFERENCES "public"."debitors"("no") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_parent_department_id_departments_id_fk" FOREIGN KEY ("parent_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_calendar_department_id_departments_id_fk" FOREIGN KEY ("calendar_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_car_damages" ADD CONSTRAINT "loan_car_damages_loan_car_id_loan_cars_id_fk" FOREIGN KEY ("loan_car_id") REFERENCES "public"."loan_cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_cars" ADD CONSTRAINT "loan_cars_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debitor_price_agreements" ADD CONSTRAINT "debitor_price_agreements_debitor_no_debitors_no_fk" FOREIGN KEY ("debitor_no") REFERENCES "public"."debitors"("no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "debitor_price_agreements" ADD CONSTRAINT "debitor_price_agreements_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurers" ADD CONSTRAINT "insurers_debitor_no_debitors_no_fk" FOREIGN KEY ("debitor_no") REFERENCES "public"."debitors"("no") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "insurers" ADD CONSTRAINT "insurers_cash_debitor_no_debitors_no_fk" FOREIGN KEY ("cash_debitor_no") REFERENCES "public"."debitors"("no") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "leasers" ADD CONSTRAINT "leasers_debitor_no_debitors_no_fk" FOREIGN KEY ("debitor_no") REFERENCES "public"."debitors"("no") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_car_fits" ADD CONSTRAINT "product_car_fits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_car_fits" ADD CONSTRAINT "product_car_fits_model_id_car_models_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("model_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sub_items" ADD CONSTRAINT "product_sub_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sub_items" ADD CONSTRAINT "product_sub_items_sub_product_id_products_id_fk" FOREIGN KEY ("sub_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tips" ADD CONSTRAINT "product_tips_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_location_code_stock_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."stock_locations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "stock_bins" ADD CONSTRAINT "stock_bins_location_code_stock_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."stock_locations"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_department_id_departments_id_fk" FOREIGN KEY ("calendar_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zip_code_availability" ADD CONSTRAINT "zip_code_availability_zip_code_zip_codes_zip_code_fk" FOREIGN KEY ("zip_code") REFERENCES "public"."zip_codes"("zip_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zip_code_availability" ADD CONSTRAINT "zip_code_availability_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_models_manu" ON "car_models" USING btree ("manu_id");--> statement-breakpoint
CREATE INDEX "vehicles_vin" ON "vehicles" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "department_opening_hours_department" ON "department_opening_hours" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "departments_parent" ON "departments" USING btree ("parent_department_id");--> statement-breakpoint
CREATE INDEX "loan_cars_department" ON "loan_cars" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "time_slots_department" ON "time_slots" USING btree ("department_id","type");--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" in ('PENDING', 'SENDING');--> statement-breakpoint
CREATE INDEX "outbox_created" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_order" ON "outbox" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "debitor_price_agreements_debitor" ON "debitor_price_agreements" USING btree ("debitor_no");--> statement-breakpoint
CREATE INDEX "debitors_name_trgm" ON "debitors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "debitors_phone" ON "debitors" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "debitors_cvr" ON "debitors" USING btree ("cvr");--> statement-breakpoint
CREATE INDEX "product_car_fits_model" ON "product_car_fits" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "products_group" ON "products" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "products_no_trgm" ON "products" USING gin ("no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_euro_code" ON "products" USING btree ("euro_code");--> statement-breakpoint
CREATE INDEX "stock_location" ON "stock" USING btree ("location_code");--> statement-breakpoint
CREATE INDEX "auth_attempts_key_at" ON "auth_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_initials_unique" ON "users" USING btree (lower("initials")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null and "users"."email" <> '';--> statement-breakpoint
CREATE INDEX "users_roles" ON "users" USING gin ("roles");--> statement-breakpoint
CREATE UNIQUE INDEX "zip_code_availability_zip_department" ON "zip_code_availability" USING btree ("zip_code","department_id");--> statement-breakpoint
CREATE INDEX "zip_code_availability_department" ON "zip_code_availability" USING btree ("department_id");