-- A server keeps the sessions it has checked in memory (services/session-cache.ts); every change
-- that can end a session or change what its user may do announces itself on this channel, from the
-- database itself, whatever code wrote it. Heard only once committed, by every instance.
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('pgc_sessions', 's:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('pgc_sessions', 'u:' || OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- last_seen_at alone is the idle clock the cache keeps itself: its writes announce nothing.
CREATE TRIGGER sessions_announce_change AFTER UPDATE OF revoked_at, revoked_reason, expires_at, user_id ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
