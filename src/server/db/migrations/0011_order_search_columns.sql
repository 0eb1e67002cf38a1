DROP INDEX "orders_reg_trgm";--> statement-breakpoint
DROP INDEX "orders_email_trgm";--> statement-breakpoint
-- Both columns in one statement: adding a stored generated column rewrites the table, once.
ALTER TABLE "orders" ADD COLUMN "search_email" text GENERATED ALWAYS AS (translate(lower(customer_email), '.@-_+', 'DAHUP')) STORED NOT NULL,
  ADD COLUMN "search_plate" text GENERATED ALWAYS AS (upper(car_registration_number)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_reg_trgm" ON "orders" USING gin ("search_plate" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm" ON "orders" USING gin ("search_email" gin_trgm_ops);
