/**
 * Issue 42: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts): the secret calendar feed and its address.
 *
 * The address routes are any signed-in user's own (no ids: one variant). The feed is public, the
 * address being the secret, like a signed link: the owner's live address opens for anyone holding
 * it and shows the owner's chain (its assignment's deadline); a guessed token answers 404 to everyone.
 */
import { randomBytes } from 'node:crypto';
import { CALLERS, authed, type Expectations, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import { replaceFeed } from '../../src/features/calendar/queries.js';

export const matrixRows: Record<string, Row> = {
  'GET /api/calendar': { expect: authed(200) },
  'POST /api/calendar': { expect: authed(201) },
  'DELETE /api/calendar': { expect: authed(200) },
  'GET /api/calendar/feed/:token': {
    expect: Object.fromEntries(CALLERS.map((k) => [k, [200, 404]])) as Expectations,
    url: async (c) => {
      const token = randomBytes(32).toString('base64url');
      // Only granted (own) cells make an address: refused ones must change nothing.
      if (c.variant === 'own') await replaceFeed(c.scene.app.db, c.scene.owner.id, token);
      return `/api/calendar/feed/${token}.ics`;
    },
  },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  // POST /api/calendar takes no body.
  notJson: ['POST /api/calendar'],
};
