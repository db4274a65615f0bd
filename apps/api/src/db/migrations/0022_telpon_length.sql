-- Phone numbers of 10 to 14 digits (Dapodik's HP, landlines), kept as 0812-3456-789012: up to 16
-- characters, more than the 14 of a 12-digit number (contract fields.ts telponOf). Widening a
-- varchar rewrites nothing.
ALTER TABLE "users" ALTER COLUMN "telpon" SET DATA TYPE varchar(20);
