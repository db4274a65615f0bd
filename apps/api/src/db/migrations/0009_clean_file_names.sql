-- Display names of files drop control and bidirectional-override characters (DECISIONS "Files"):
-- names stored before the upload cleaned them are cleaned the same way (files/service.ts displayName).
UPDATE "stored_files"
SET "original_name" = coalesce(
  nullif(btrim(regexp_replace(regexp_replace("original_name", '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|*?:]', '', 'g'), '^\.+', '')), ''),
  'file')
WHERE "original_name" ~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|*?:]';
