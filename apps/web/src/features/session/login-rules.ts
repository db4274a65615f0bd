import { MSG } from '@kelasku/contract';

/**
 * The login form's checks: the rules of the contract's `loginBody`, written without zod. The login
 * page is what a phone on mobile data waits for, and zod would add a fifth to its weight
 * (bench/slow-phone.mjs); the server checks `loginBody` itself, and login-rules.test.ts keeps the two
 * in step.
 */
export const loginRules = {
  username: (value: string) => (value.trim() === '' ? MSG.required : value.trim().length > 255 ? MSG.loginFailed : null),
  password: (value: string) => (value === '' ? MSG.required : value.length > 1024 ? MSG.loginFailed : null),
};
