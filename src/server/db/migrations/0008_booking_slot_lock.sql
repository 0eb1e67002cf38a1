-- Locks a time slot row until the transaction ends and counts the bookings that hold a place in it on a date
-- (a status of p_statuses, not on the waiting list, not the order p_exclude being saved again); p_statuses null
-- locks without counting. Answers {slot: the row as locked, booked} or null when there is no such slot.
-- A function so that lock and count are one round trip but two statements: in READ COMMITTED a plain
-- statement's snapshot is taken before it waits for the lock, so a count in it would miss the bookings
-- committed by the transactions that held the lock before; here the count takes its snapshot after the lock.
CREATE FUNCTION lock_slot_for_booking(p_slot uuid, p_date date, p_statuses text[], p_exclude uuid) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_slot json;
  v_booked integer;
BEGIN
  SELECT row_to_json(s) INTO v_slot FROM time_slots s WHERE s.id = p_slot FOR UPDATE;
  IF v_slot IS NULL THEN
    RETURN NULL;
  END IF;
  IF p_statuses IS NOT NULL THEN
    SELECT count(*) INTO v_booked FROM orders o
     WHERE o.time_slot_id = p_slot AND o.booking_date = p_date AND NOT o.waiting_list
       AND o.order_status = ANY (p_statuses) AND o.id IS DISTINCT FROM p_exclude;
  END IF;
  RETURN json_build_object('slot', v_slot, 'booked', v_booked);
END
$$;
