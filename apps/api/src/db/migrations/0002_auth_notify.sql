-- Every instance keeps recently seen sessions in memory; a change to a user or a token tells all of them to forget that user's sessions.
CREATE FUNCTION "kelasku_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('kelasku_auth', OLD.id::text);
  ELSE
    PERFORM pg_notify('kelasku_auth', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "kelasku_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_auth_changed" AFTER UPDATE OR DELETE ON "auth_tokens" FOR EACH ROW EXECUTE FUNCTION "kelasku_auth_changed"();
