-- Every instance keeps recent read replies in memory (apps/api/src/http/reply-cache.ts). A committed
-- change tells all of them what it touched on the channel kelasku_data: the online classes whose data
-- changed ('c12 c40'), or '*' for a change that can show anywhere (a user's name or rombel, a rombel,
-- a department). Statement-level triggers, one notification per statement; PostgreSQL sends a
-- transaction's notifications at its commit and drops repeats of the same one.
CREATE FUNCTION "kelasku_notify_classes"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- A notification holds at most 8,000 bytes: a change across very many classes says '*'.
  IF cardinality(ids) > 500 THEN
    PERFORM pg_notify('kelasku_data', '*');
  ELSE
    PERFORM pg_notify('kelasku_data', (SELECT string_agg('c' || i, ' ' ORDER BY i) FROM unnest(ids) AS i));
  END IF;
END
$$;
--> statement-breakpoint
-- The classes of the rows a statement changed. TG_ARGV[0] says how a row reaches its class: 'id' (the
-- class itself), 'class' (online_class_id), 'content', 'assignment' or 'forum' (through those rows).
-- A row whose parent is already gone was removed with that parent, whose own trigger named the class.
CREATE FUNCTION "kelasku_classes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reach text := CASE TG_ARGV[0]
    WHEN 'id' THEN 'SELECT r."id" FROM %I r'
    WHEN 'class' THEN 'SELECT r."online_class_id" FROM %I r'
    WHEN 'content' THEN 'SELECT c."online_class_id" FROM %I r JOIN "contents" c ON c."id" = r."content_id"'
    WHEN 'assignment' THEN 'SELECT c."online_class_id" FROM %I r JOIN "assignments" a ON a."id" = r."assignment_id" JOIN "contents" c ON c."id" = a."content_id"'
    WHEN 'forum' THEN 'SELECT c."online_class_id" FROM %I r JOIN "forums" f ON f."id" = r."forum_id" JOIN "contents" c ON c."id" = f."content_id"'
  END;
  rows_sql text;
  ids integer[];
BEGIN
  IF reach IS NULL THEN
    RAISE EXCEPTION 'kelasku_classes_changed: unknown reach %', TG_ARGV[0];
  END IF;
  IF TG_OP = 'INSERT' THEN
    rows_sql := format(reach, 'changed_new');
  ELSIF TG_OP = 'DELETE' THEN
    rows_sql := format(reach, 'changed_old');
  ELSE
    rows_sql := format(reach, 'changed_old') || ' UNION ' || format(reach, 'changed_new');
  END IF;
  EXECUTE 'SELECT array(SELECT DISTINCT x FROM (' || rows_sql || ') AS s(x) WHERE x IS NOT NULL)' INTO ids;
  PERFORM "kelasku_notify_classes"(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "kelasku_everything_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kelasku_data', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Each table of class data, with how its rows reach their class: three triggers for the rows a
-- statement inserted, updated or deleted, one for a truncate.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('online_classes', 'id'), ('contents', 'class'), ('materials', 'content'), ('forums', 'content'),
    ('assignments', 'content'), ('submissions', 'assignment'), ('comments', 'forum')
  ) AS v(tbl, reach) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_classes_changed"(%L)', t.tbl || '_data_insert', t.tbl, t.reach);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_classes_changed"(%L)', t.tbl || '_data_update', t.tbl, t.reach);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_classes_changed"(%L)', t.tbl || '_data_delete', t.tbl, t.reach);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_everything_changed"()', t.tbl || '_data_truncate', t.tbl);
  END LOOP;
  -- Who and where: a user's name or avatar, a student's rombel, a rombel's or department's name.
  FOR t IN SELECT * FROM (VALUES ('users'), ('students'), ('teachers'), ('rombel_classes'), ('departments'), ('motivational_words')) AS v(tbl) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_everything_changed"()', t.tbl || '_data_changed', t.tbl);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Stored file rows are written once and removed only when nothing points at them (a pointer that
-- changes is a change of its own table); an edit by hand still tells everyone.
CREATE TRIGGER "stored_files_data_changed" AFTER UPDATE OR TRUNCATE ON "stored_files" FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_everything_changed"();
