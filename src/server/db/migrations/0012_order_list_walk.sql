-- The order list in its own order (booking date, start time, order number), carrying every column a list filter
-- or free-text search reads, so a common search term's page and count come from walking this index alone
-- (index-only), stopping at the last match needed. Drizzle's index builder has no INCLUDE, hence a custom migration.
CREATE INDEX "orders_list_walk" ON "orders" USING btree ("booking_date", "from_at", "order_nr")
  INCLUDE ("id", "search_email", "search_plate", "car_registration_number", "customer_phone", "debitor_no", "order_status", "department_id", "order_type");
