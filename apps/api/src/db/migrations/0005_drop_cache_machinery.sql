-- The per-instance session and reply caches and the user counts are gone: sessions are one indexed
-- lookup, replies are computed, totals are counted. Dropping each function drops its triggers.
DROP FUNCTION IF EXISTS "kelasku_auth_changed"() CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "kelasku_classes_changed"() CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "kelasku_everything_changed"() CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "kelasku_notify_classes"(integer[]) CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "kelasku_user_counts"() CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "kelasku_user_counts_reset"() CASCADE;
--> statement-breakpoint
DROP TABLE "user_counts" CASCADE;
