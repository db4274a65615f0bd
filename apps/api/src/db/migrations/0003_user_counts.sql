CREATE TABLE "user_counts" (
	"role_id" smallint PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Kept per statement from the rows it changed (transition tables): one write per role touched,
-- and none for an update that changes no role (a profile edit, a new password).
CREATE FUNCTION "kelasku_user_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_counts" ("role_id", "n")
      SELECT "role_id", count(*) FROM "counted_new" GROUP BY "role_id"
      ON CONFLICT ("role_id") DO UPDATE SET "n" = "user_counts"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "user_counts" c SET "n" = c."n" - o.k
      FROM (SELECT "role_id", count(*) AS k FROM "counted_old" GROUP BY "role_id") o
      WHERE c."role_id" = o."role_id";
  ELSE
    INSERT INTO "user_counts" ("role_id", "n")
      SELECT "role_id", sum(d)::int FROM (
        SELECT n."role_id", 1 AS d FROM "counted_new" n JOIN "counted_old" o ON o."id" = n."id" WHERE n."role_id" <> o."role_id"
        UNION ALL
        SELECT o."role_id", -1 FROM "counted_new" n JOIN "counted_old" o ON o."id" = n."id" WHERE n."role_id" <> o."role_id"
      ) moved GROUP BY "role_id"
      ON CONFLICT ("role_id") DO UPDATE SET "n" = "user_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "counted_new" FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_user_counts"();
--> statement-breakpoint
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "counted_old" FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_user_counts"();
--> statement-breakpoint
CREATE TRIGGER "users_counted_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "counted_old" NEW TABLE AS "counted_new" FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_user_counts"();
--> statement-breakpoint
CREATE FUNCTION "kelasku_user_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "user_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_counted_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "kelasku_user_counts_reset"();
--> statement-breakpoint
INSERT INTO "user_counts" ("role_id", "n") SELECT "role_id", count(*) FROM "users" GROUP BY "role_id";
