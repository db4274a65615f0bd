-- Intentionally empty. This migration once created triggers that announced ended sessions on the
-- `kelasku_session` channel; it was changed before any release (ARCHITECTURE: no database triggers
-- that TypeScript cannot see). The notices are now sent by auth/tokens.ts, in the same statement that
-- deletes the tokens (logout, password change, deactivation, an admin's reset, user deletion, idle purge).
SELECT 1;
