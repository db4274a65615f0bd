import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

// Each service declares its own decoration of the Fastify instance next to itself: config.ts,
// db/client.ts, files/, jobs/queue.ts, live/, http/, features/notifications/service.ts, app.ts
// (routeTable), and auth/guards.ts for `request.user`.
export type { AuthUser } from './auth/guards.js';

/** The Fastify instance every feature registers its routes on. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
