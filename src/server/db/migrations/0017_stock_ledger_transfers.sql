CREATE SEQUENCE "public"."transfer_order_nr_seq" INCREMENT BY 1 MINVALUE 100001 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"location_code" text NOT NULL,
	"bin_code" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"transfer_line_id" uuid,
	"order_id" uuid,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind" CHECK ("stock_movements"."kind" in ('OPENING', 'SHIP', 'RECEIVE', 'CONSUME', 'CORRECTION'))
);
--> statement-breakpoint
CREATE TABLE "transfer_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"item_no" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"measure_unit" text DEFAULT 'STK' NOT NULL,
	"quantity" integer NOT NULL,
	"qty_shipped" integer DEFAULT 0 NOT NULL,
	"qty_received" integer DEFAULT 0 NOT NULL,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_lines_line" UNIQUE("order_no","line_no"),
	CONSTRAINT "transfer_lines_quantity" CHECK ("transfer_lines"."quantity" > 0),
	CONSTRAINT "transfer_lines_shipped" CHECK ("transfer_lines"."qty_shipped" between 0 and "transfer_lines"."quantity"),
	CONSTRAINT "transfer_lines_received" CHECK ("transfer_lines"."qty_received" between 0 and "transfer_lines"."qty_shipped")
);
--> statement-breakpoint
CREATE TABLE "transfer_orders" (
	"order_no" text PRIMARY KEY NOT NULL,
	"from_code" text NOT NULL,
	"to_code" text NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_orders_two_places" CHECK ("transfer_orders"."from_code" <> "transfer_orders"."to_code")
);
--> statement-breakpoint
ALTER TABLE "stock" DROP CONSTRAINT "stock_product_id_location_code_pk";--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_product_id_location_code_bin_code_pk" PRIMARY KEY("product_id","location_code","bin_code");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_code_stock_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."stock_locations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD CONSTRAINT "transfer_lines_order_no_transfer_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."transfer_orders"("order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD CONSTRAINT "transfer_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_from_code_stock_locations_code_fk" FOREIGN KEY ("from_code") REFERENCES "public"."stock_locations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_to_code_stock_locations_code_fk" FOREIGN KEY ("to_code") REFERENCES "public"."stock_locations"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "stock_movements_product" ON "stock_movements" USING btree ("product_id","location_code");--> statement-breakpoint
CREATE INDEX "stock_movements_transfer_line" ON "stock_movements" USING btree ("transfer_line_id");--> statement-breakpoint
CREATE INDEX "transfer_orders_from" ON "transfer_orders" USING btree ("from_code");--> statement-breakpoint
CREATE INDEX "transfer_orders_to" ON "transfer_orders" USING btree ("to_code");--> statement-breakpoint
-- Goods on their way between two locations: a location of their own, one bin per transfer line.
INSERT INTO "stock_locations" ("code", "name", "department_id", "kind") VALUES ('TRANSIT', 'I transit', NULL, 'TRANSIT') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The ledger starts from what is on hand: one opening movement per bin, written before the trigger exists.
INSERT INTO "stock_movements" ("product_id", "location_code", "bin_code", "quantity", "kind", "created_by")
  SELECT "product_id", "location_code", "bin_code", "amount", 'OPENING', 'SYSTEM' FROM "stock" WHERE "amount" > 0;--> statement-breakpoint
-- Every movement changes its bin's amount in the same statement; the stock check refuses a negative result, so a
-- movement that would take more than is there fails as a whole (nothing else to check in application code).
CREATE FUNCTION apply_stock_movement() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Update first: an insert's proposed row meets the check before its conflict, so a withdrawal must not insert.
  UPDATE stock SET amount = amount + NEW.quantity
   WHERE product_id = NEW.product_id AND location_code = NEW.location_code AND bin_code = NEW.bin_code;
  IF NOT FOUND THEN
    INSERT INTO stock (product_id, location_code, bin_code, amount)
    VALUES (NEW.product_id, NEW.location_code, NEW.bin_code, NEW.quantity)
    ON CONFLICT (product_id, location_code, bin_code) DO UPDATE SET amount = stock.amount + EXCLUDED.amount;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER stock_movements_apply AFTER INSERT ON "stock_movements" FOR EACH ROW EXECUTE FUNCTION apply_stock_movement();
