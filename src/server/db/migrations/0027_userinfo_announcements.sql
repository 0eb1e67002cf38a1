-- The instance keeps a session's GET /api/user/userinfo answer beside the session (issue 17), so it is announced
-- (as in 0022) when anything that answer shows changes: the user's own columns, and the name or code of the user's
-- department or calendar department. A department changed announces each of its users; a deleted one sets their
-- columns to null, which the users trigger announces.
DROP TRIGGER users_announce_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    OLD.roles IS DISTINCT FROM NEW.roles OR OLD.department_id IS DISTINCT FROM NEW.department_id
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.initials IS DISTINCT FROM NEW.initials
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.id IS DISTINCT FROM NEW.id
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone
    OR OLD.calendar_department_id IS DISTINCT FROM NEW.calendar_department_id OR OLD.last_login IS DISTINCT FROM NEW.last_login
    OR OLD.allow_sms IS DISTINCT FROM NEW.allow_sms OR OLD.allow_email IS DISTINCT FROM NEW.allow_email
  )
  EXECUTE FUNCTION announce_session_change('id');
--> statement-breakpoint
CREATE FUNCTION announce_department_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rudeplan_sessions', u.id::text) FROM users u WHERE u.department_id = OLD.id OR u.calendar_department_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER departments_announce_users AFTER UPDATE ON departments
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.nav_location_code IS DISTINCT FROM NEW.nav_location_code OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION announce_department_users();
