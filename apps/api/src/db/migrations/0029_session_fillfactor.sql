-- Issue 43: every request looks its session up by token hash, and each session's last use is
-- written every five minutes of use (auth/tokens.ts). With full pages that write could not stay on
-- the row's page (no HOT update): every touch added an entry to each of the table's three indexes,
-- and the lookup walked the dead versions until vacuum came (9 buffers after two touches, 18 in the
-- school day's pg_stat_statements). Room on each page keeps the touch on the page: one index entry
-- per session however often it is used. New and rewritten pages get the room; pages already full
-- gain it as their dead versions are pruned.
ALTER TABLE "auth_tokens" SET (fillfactor = 50);
