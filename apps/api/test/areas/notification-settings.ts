/**
 * Issue 42: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts): each user's notification settings. Every signed-in
 * user, parents included, reads and saves their own (there is no id: nobody reaches another's).
 */
import { NOTIFICATION_GROUPS, QUIET_HOURS_DEFAULT } from '@kelasku/contract';
import { authed, json, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

const every = (on: boolean) => Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, on]));
/** Announcements off for push, the weekly summary off for e-mail, quiet hours across midnight. */
const settings = () => ({
  push: { ...every(true), announcements: false },
  email: { ...every(true), parent_summary: false },
  quiet_hours: { ...QUIET_HOURS_DEFAULT, start: '22:00', end: '06:00' },
});

export const matrixRows: Record<string, Row> = {
  'GET /api/notification-settings': { expect: authed(200), noMarker: true },
  'PUT /api/notification-settings': { expect: authed(200), body: () => json(settings()) },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {
    'PUT /api/notification-settings': { as: 'student', valid: () => settings() },
  },
  notJson: [],
};
