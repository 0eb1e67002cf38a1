CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"no" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(10, 2) DEFAULT 1 NOT NULL,
	"item_price_ore" integer DEFAULT 0 NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"two_person_job" boolean DEFAULT false NOT NULL,
	"is_main_item" boolean DEFAULT false NOT NULL,
	"is_service" boolean DEFAULT false NOT NULL,
	"is_vin_item" boolean DEFAULT false NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"oe_number" text DEFAULT '' NOT NULL,
	"euro_code" text DEFAULT '' NOT NULL,
	"description2" text DEFAULT '' NOT NULL,
	"description3" text DEFAULT '' NOT NULL,
	"description4" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_line" UNIQUE("order_id","line_no"),
	CONSTRAINT "order_items_amount" CHECK ("order_items"."amount" >= 0),
	CONSTRAINT "order_items_price" CHECK ("order_items"."item_price_ore" >= 0),
	CONSTRAINT "order_items_discount" CHECK ("order_items"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_nr" integer NOT NULL,
	"booking_nr" text DEFAULT '' NOT NULL,
	"order_type" text NOT NULL,
	"order_status" text NOT NULL,
	"who_is_paying" text NOT NULL,
	"offer_debitor" boolean DEFAULT false NOT NULL,
	"internal_comment" text DEFAULT '' NOT NULL,
	"external_comment" text DEFAULT '' NOT NULL,
	"discount_amount_ore" integer DEFAULT 0 NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"rekv_nr" text DEFAULT '' NOT NULL,
	"two_man_job" boolean DEFAULT false NOT NULL,
	"worker_id" uuid,
	"helper_id" uuid,
	"window_manufacturer" text DEFAULT 'NONE' NOT NULL,
	"work_km" double precision,
	"time_spent" integer,
	"on_hold_comment" text DEFAULT '' NOT NULL,
	"guarantee_id" uuid,
	"obs" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"work_completed_at" timestamp with time zone,
	"work_insurance_nr" text DEFAULT '' NOT NULL,
	"auto_valid_ticket_id" text DEFAULT '' NOT NULL,
	"department_id" uuid,
	"booking_date" date,
	"from_at" timestamp with time zone,
	"to_at" timestamp with time zone,
	"time_slot_id" uuid,
	"zip_code" text DEFAULT '' NOT NULL,
	"waiting_list" boolean DEFAULT false NOT NULL,
	"booking_calendar_time" timestamp with time zone,
	"mobile_address" text DEFAULT '' NOT NULL,
	"mobile_covered" boolean DEFAULT false NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_address" text DEFAULT '' NOT NULL,
	"customer_city" text DEFAULT '' NOT NULL,
	"customer_zip_code" text DEFAULT '' NOT NULL,
	"customer_phone_prefix" text DEFAULT '+45' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_allow_sms" boolean DEFAULT false NOT NULL,
	"customer_allow_email" boolean DEFAULT false NOT NULL,
	"debitor_no" text DEFAULT '' NOT NULL,
	"debitor_name" text DEFAULT '' NOT NULL,
	"debitor_address" text DEFAULT '' NOT NULL,
	"debitor_zip_code" text DEFAULT '' NOT NULL,
	"debitor_city" text DEFAULT '' NOT NULL,
	"debitor_phone" text DEFAULT '' NOT NULL,
	"debitor_email" text DEFAULT '' NOT NULL,
	"debitor_cvr" text DEFAULT '' NOT NULL,
	"car_registration_number" text DEFAULT '' NOT NULL,
	"car_make" text DEFAULT '' NOT NULL,
	"car_manu_id" integer DEFAULT 0 NOT NULL,
	"car_model" text DEFAULT '' NOT NULL,
	"car_mod_id" integer DEFAULT 0 NOT NULL,
	"car_model_year" integer,
	"car_insurance" text DEFAULT '' NOT NULL,
	"car_leasing" text DEFAULT '' NOT NULL,
	"car_leaser" text DEFAULT '' NOT NULL,
	"car_owner" text DEFAULT '' NOT NULL,
	"car_user" text DEFAULT '' NOT NULL,
	"car_equipment_line" text DEFAULT '' NOT NULL,
	"car_segment" text DEFAULT '' NOT NULL,
	"car_vin" text DEFAULT '' NOT NULL,
	"car_door_quantity" integer,
	"car_colour" text DEFAULT '' NOT NULL,
	"car_bodywork" text DEFAULT '' NOT NULL,
	"car_first_registration_date" date,
	"sms_on_my_way" boolean DEFAULT false NOT NULL,
	"sms_arrive_8_12" boolean DEFAULT false NOT NULL,
	"sms_arrive_10_14" boolean DEFAULT false NOT NULL,
	"sms_arrive_12_16" boolean DEFAULT false NOT NULL,
	"sms_offer" boolean DEFAULT false NOT NULL,
	"order_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"complaint" jsonb,
	"total_ore" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_nr_unique" UNIQUE("order_nr"),
	CONSTRAINT "orders_discount_percent" CHECK ("orders"."discount_percent" between 0 and 100),
	CONSTRAINT "orders_discount_amount" CHECK ("orders"."discount_amount_ore" >= 0),
	CONSTRAINT "orders_booking_span" CHECK ("orders"."from_at" is null or "orders"."to_at" is null or "orders"."from_at" <= "orders"."to_at")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_helper_id_users_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_item_no" ON "order_items" USING btree ("item_no");--> statement-breakpoint
CREATE INDEX "orders_department_date" ON "orders" USING btree ("department_id","booking_date");--> statement-breakpoint
CREATE INDEX "orders_slot_date" ON "orders" USING btree ("time_slot_id","booking_date");--> statement-breakpoint
CREATE INDEX "orders_status_date" ON "orders" USING btree ("order_status","booking_date");--> statement-breakpoint
CREATE INDEX "orders_booking_date" ON "orders" USING btree ("booking_date");--> statement-breakpoint
CREATE INDEX "orders_created_at" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_reg_trgm" ON "orders" USING gin ("car_registration_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm" ON "orders" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_trgm" ON "orders" USING gin ("customer_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_debitor_no" ON "orders" USING btree ("debitor_no");--> statement-breakpoint
CREATE INDEX "orders_worker" ON "orders" USING btree ("worker_id","booking_date");