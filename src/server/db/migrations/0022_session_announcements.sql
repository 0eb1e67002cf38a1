-- A session an instance keeps in memory (issue 17) is forgotten by every instance when what it rests on changes: the
-- session ended (or was shortened), or its user's roles, department, name or initials changed, or the user was
-- deleted. The user's id is announced on 'rudeplan_sessions' at commit, whatever made the change (the app, a restore,
-- a hand-written statement); announcing the same id twice in one transaction sends it once.
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rudeplan_sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_end AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_announce_shortened AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.token_hash IS DISTINCT FROM OLD.token_hash)
  EXECUTE FUNCTION announce_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    OLD.roles IS DISTINCT FROM NEW.roles OR OLD.department_id IS DISTINCT FROM NEW.department_id
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.initials IS DISTINCT FROM NEW.initials
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.id IS DISTINCT FROM NEW.id
  )
  EXECUTE FUNCTION announce_session_change('id');
--> statement-breakpoint
CREATE TRIGGER users_announce_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_session_change('id');
