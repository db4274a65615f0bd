import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RoleName } from '@kelasku/contract';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { TokenUser } from './auth/tokens.js';
import type { FileService } from './files/service.js';
import type { ResumableUploads } from './files/resumable.js';
import type { ServerResponse } from 'node:http';
import type { Jobs } from './jobs/queue.js';
import type { LiveBus } from './live/bus.js';
import type { LiveSessions } from './live/sessions.js';
import type { Notifier } from './features/notifications/service.js';
import type { ExpensiveGuard } from './http/limits.js';

export interface AuthUser extends TokenUser {
  role: RoleName;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    files: FileService;
    /** Resumable (tus) uploads: files/resumable.ts. */
    uploads: ResumableUploads;
    /** Background jobs (pg-boss) on the app's database. */
    jobs: Jobs;
    /** Live updates between instances (live/bus.ts). */
    live: LiveBus;
    /** The live streams open on this instance, ended first when it closes. */
    liveStreams: Set<ServerResponse>;
    /** The sessions behind those streams: at most 5 a user, ended with their session (live/sessions.ts). */
    liveSessions: LiveSessions;
    /** Sends notifications (features/notifications/service.ts). */
    notifier: Notifier;
    /** Every route (method and full URL) as registered. */
    routeTable: ReadonlyArray<{ method: string; url: string }>;
    /** One expensive call at a time per user, and their rates (http/limits.ts). */
    limits: ExpensiveGuard;
    /** Resolves once no route handler is running, those whose client left included (http/in-flight.ts). */
    handlersIdle(): Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}

/** The Fastify instance every feature registers its routes on. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
