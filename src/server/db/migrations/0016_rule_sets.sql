CREATE TABLE "car_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_make" text NOT NULL,
	"car_model" text DEFAULT '' NOT NULL,
	"is_work_allowed" boolean DEFAULT true NOT NULL,
	"minimum_work_length" double precision DEFAULT 0 NOT NULL,
	"disallow_front_window_work" boolean DEFAULT false NOT NULL,
	"disallow_back_window_work" boolean DEFAULT false NOT NULL,
	"disallow_side_window_work" boolean DEFAULT false NOT NULL,
	"disallow_roof_window_work" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_rules_minimum" CHECK ("car_rules"."minimum_work_length" between 0 and 24)
);
--> statement-breakpoint
CREATE TABLE "debitor_rule_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"leasing" text DEFAULT '' NOT NULL,
	"insurance" text DEFAULT '' NOT NULL,
	"debitor_no" text,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debitor_rule_sets_type" CHECK ("debitor_rule_sets"."type" in ('', 'OFFER', 'INSURANCE', 'LEASING', 'MIXED'))
);
--> statement-breakpoint
CREATE TABLE "rule_set_departments" (
	"rule_set_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	CONSTRAINT "rule_set_departments_rule_set_id_department_id_pk" PRIMARY KEY("rule_set_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "rule_set_rules" (
	"rule_set_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	CONSTRAINT "rule_set_rules_rule_set_id_rule_id_pk" PRIMARY KEY("rule_set_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "rule_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_set_name" text NOT NULL,
	"alert_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "debitor_rule_sets" ADD CONSTRAINT "debitor_rule_sets_debitor_no_debitors_no_fk" FOREIGN KEY ("debitor_no") REFERENCES "public"."debitors"("no") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "rule_set_departments" ADD CONSTRAINT "rule_set_departments_rule_set_id_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."rule_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_set_departments" ADD CONSTRAINT "rule_set_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_set_rules" ADD CONSTRAINT "rule_set_rules_rule_set_id_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."rule_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_set_rules" ADD CONSTRAINT "rule_set_rules_rule_id_car_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."car_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_rules_make" ON "car_rules" USING btree (lower("car_make"));--> statement-breakpoint
CREATE INDEX "rule_set_departments_department" ON "rule_set_departments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "rule_set_rules_rule" ON "rule_set_rules" USING btree ("rule_id");