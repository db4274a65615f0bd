-- A session that ends (its token deleted: logout, password change, deactivation, an admin's reset,
-- idle purge; its user deactivated; its last use moved back) is announced to every instance, which
-- closes that user's live streams whose session is no longer live (live/sessions.ts).
CREATE FUNCTION "kelasku_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('kelasku_session', OLD.id::text);
  ELSE
    PERFORM pg_notify('kelasku_session', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_session_ended" AFTER DELETE ON "auth_tokens" FOR EACH ROW EXECUTE FUNCTION "kelasku_session_ended"();
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_session_shortened" AFTER UPDATE OF "last_used_at" ON "auth_tokens" FOR EACH ROW
  WHEN (NEW."last_used_at" < OLD."last_used_at") EXECUTE FUNCTION "kelasku_session_ended"();
--> statement-breakpoint
CREATE TRIGGER "users_session_ended" AFTER UPDATE OF "status" ON "users" FOR EACH ROW
  WHEN (NEW."status" IS DISTINCT FROM OLD."status") EXECUTE FUNCTION "kelasku_session_ended"();
