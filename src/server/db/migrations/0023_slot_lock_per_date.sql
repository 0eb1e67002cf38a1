-- A booking locked its slot row FOR UPDATE, so every booking of a standard slot queued behind the others, whatever
-- their dates (a Monday slot serves every Monday), each holding the lock through its commit's WAL flush. Places are
-- counted per slot and date, so the exclusive lock is now per slot and date (a transaction advisory lock; a hash
-- collision only makes two of them queue), and the slot row is locked FOR SHARE after it: bookings of one slot on
-- other dates go side by side, while a slot edit (FOR UPDATE, or an UPDATE) still waits for every booking in flight
-- and holds new ones off until it commits. The advisory lock comes first, so bookings queued for one date hold no
-- row lock while they wait, and cannot keep an edit waiting for as long as they keep coming. The caller's contract is
-- unchanged.
CREATE OR REPLACE FUNCTION lock_slot_for_booking(p_slot uuid, p_date date, p_count boolean, p_exclude uuid) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_slot json;
  v_booked integer;
BEGIN
  -- 7401: this lock's class (any constant; the outbox's sending lock has its own).
  PERFORM pg_advisory_xact_lock(7401, hashtext(p_slot::text || '|' || coalesce(p_date::text, '')));
  SELECT row_to_json(s) INTO v_slot FROM time_slots s WHERE s.id = p_slot FOR SHARE;
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
