ALTER TABLE "orders" ADD COLUMN "holds_place" boolean GENERATED ALWAYS AS (time_slot_id is not null and not waiting_list and order_status in ('PROCESSING', 'ON_HOLD', 'SERVICE_CALL', 'PENDING_REVIEW', 'FINISHED', 'WEB_REVIEW')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_slot_places" ON "orders" USING btree ("time_slot_id","booking_date") WHERE "orders"."holds_place";--> statement-breakpoint
-- The slot lock counts the places held (orders.holds_place, the domain's holdsSlotPlace) when p_count is true;
-- whether to count is the caller's explicit choice, never a borrowed status list.
DROP FUNCTION lock_slot_for_booking(uuid, date, text[], uuid);--> statement-breakpoint
CREATE FUNCTION lock_slot_for_booking(p_slot uuid, p_date date, p_count boolean, p_exclude uuid) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_slot json;
  v_booked integer;
BEGIN
  SELECT row_to_json(s) INTO v_slot FROM time_slots s WHERE s.id = p_slot FOR UPDATE;
  IF v_slot IS NULL THEN
    RETURN NULL;
  END IF;
  IF p_count THEN
    SELECT count(*) INTO v_booked FROM orders o
     WHERE o.time_slot_id = p_slot AND o.booking_date = p_date AND o.holds_place AND o.id IS DISTINCT FROM p_exclude;
  END IF;
  RETURN json_build_object('slot', v_slot, 'booked', v_booked);
END
$$;
