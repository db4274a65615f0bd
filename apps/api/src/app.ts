import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, MSG } from '@kelasku/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { authenticate, requireRole } from './auth/guards.js';
import { storageFromConfig, type FileStorage } from './files/storage.js';
import { FileService } from './files/service.js';
import { ResumableUploads } from './files/resumable.js';
import { registerUploadJobs } from './files/upload-jobs.js';
import { installErrorHandler } from './http/error-handler.js';
import { storageFull } from './features/notifications/events.js';
import { InFlight } from './http/in-flight.js';
import { ExpensiveGuard } from './http/limits.js';
import { HttpError } from './http/errors.js';
import { routeAreas } from './features/index.js';
import type { App } from './types.js';
import { addSecurityHeaders, setSecurityHeaders } from './http/security-headers.js';
import { installMetrics, installReadiness } from './http/metrics.js';
import { Jobs } from './jobs/queue.js';
import { registerImportWorker } from './features/imports/job.js';
import { registerSlipSweep } from './features/imports/slips.js';
import { LiveBus } from './live/bus.js';
import { LiveSessions } from './live/sessions.js';
import { Notifier } from './features/notifications/service.js';
import { registerNotificationJobs } from './features/notifications/jobs.js';
import { registerParentSummaryJobs } from './features/parent-summary/jobs.js';
import { registerQuizJobs } from './features/quizzes/job.js';
import { registerMeetingJobs } from './features/meetings/jobs.js';
import { requireParentPrivacy } from './features/parent-accounts/privacy.js';
import { installPush } from './features/push/install.js';

z.config(z.locales.id());

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route (method and full URL) as registered. */
    routeTable: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface BuildOptions {
  database: Database;
  /** Another storage (tests); default: the one the configuration names (storage folder or S3 bucket). */
  storage?: FileStorage;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
}

/** Refused before routing (a malformed URL, an id longer than any id): the same envelope as every refusal. */
function refusedBeforeRouting(err: FastifyError, _request: unknown, reply: FastifyReply): void {
  // Sent before the security headers' hook could run: set here, with a policy that allows nothing.
  setSecurityHeaders(reply.raw);
  void reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(404).send({ success: false, message: MSG.notFound });
  else if (err.code === 'FST_ERR_BAD_URL') void reply.code(400).send({ success: false, message: MSG.malformed });
  else void reply.code(500).send({ success: false, message: MSG.internal });
}

/**
 * One log line per request at info, written when it is answered: method, path (without its
 * query), address, status and milliseconds. Fastify's own writes two (on arrival and on reply),
 * which cost as much CPU again at LOG_LEVEL=info (issue 43). Its other lines stay as they are.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Trusts the `hops` nearest proxies: the address the farthest of them saw is the client's. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Fastify's options: the logger, limits, proxies and router of the app. */
function fastifyOptions(config: Config, opts: BuildOptions): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[disembunyikan]' },
      serializers: {
        // The query of a signed file link is not logged.
        req: (req) => ({ method: req.method, url: req.url.replace(/\?.*$/, ''), remoteAddress: req.ip }),
      },
    },
    bodyLimit: LIMITS.jsonBodyBytes,
    // A number of hops is given as proxy-addr's own rule for it (fastify's types take no number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors: refusedBeforeRouting,
    forceCloseConnections: 'idle',
    logController: new OneLinePerRequest(),
  };
}

/** Builds the whole HTTP application on an open, migrated database. Tests build it the same way. */
export async function buildApp(config: Config, opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config, opts)).withTypeProvider<ZodTypeProvider>();

  // Every route as registered: the authorization matrix test is generated from this table.
  const routeTable: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);
  const inFlight = new InFlight();
  inFlight.install(app);
  app.decorate('handlersIdle', () => inFlight.idle());
  // Expensive calls (config: { expensive: kind }): one at a time per user and rate-limited (http/limits.ts).
  const limits = new ExpensiveGuard(opts.database.pool, opts.database.db, config.limits);
  limits.install(app);
  app.decorate('limits', limits);

  app.setValidatorCompiler(validatorCompiler);
  // Replies are written by zod from each route's response schema: only the declared fields go out.
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, { storageFull: () => storageFull(app) });
  // A repeated read is answered 304 without a body when the browser's If-None-Match still matches
  // (the ETag is the hash of the uncompressed reply, so it runs before compression).
  await app.register(etag);
  // JSON of 1 KB and more is compressed for browsers that accept it; the built web app's assets are
  // served pre-compressed (below). Request bodies are never decompressed (no zip bombs).
  await app.register(compress, {
    threshold: 1024,
    // Replies up to 64 KB are compressed in one call on the event loop (under half a millisecond at
    // this quality) rather than through a zlib stream each: the stream's setup and pipeline cost
    // three times the compression itself for a class's 17 KB contents (0.36 ms against 0.12 ms).
    // The plugin's default (8 KB on two cores, 4 KB on more) would stream the bigger daily reads.
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  const storage = opts.storage ?? (await storageFromConfig(config, app.log));
  const files = await FileService.create(opts.database.db, storage, { urlTtl: config.fileUrlTtl });
  app.decorate('config', config);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('files', files);
  const uploads = await ResumableUploads.create(opts.database.db, files, config);
  files.uploadsUsed = (ids) => uploads.used(ids);
  app.decorate('uploads', uploads);
  // Background jobs run on the app's database; stopping waits for a running job to finish or roll back.
  const jobs = await Jobs.start(opts.database.pool, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  // Live updates between instances (PostgreSQL LISTEN/NOTIFY) and the notifications they carry.
  const live = await LiveBus.start(opts.database.pool, app.log);
  app.decorate('live', live);
  app.decorate('liveStreams', new Set<ServerResponse>());
  // A stream ends with its session, on every instance (the bus hears the database's notices).
  const liveSessions = new LiveSessions(opts.database.db, app.log);
  live.onSession = (userId) => (userId === null ? liveSessions.checkAll() : liveSessions.notice(userId));
  app.decorate('liveSessions', liveSessions);
  app.decorate('notifier', new Notifier(opts.database.db, files, app.log));
  // Open streams end first, so closing does not wait for them; browsers reconnect to another instance.
  app.addHook('preClose', (done) => {
    for (const res of app.liveStreams) res.end();
    app.liveStreams.clear();
    done();
  });
  app.addHook('onClose', () => {
    liveSessions.stop();
    return live.stop();
  });
  app.decorateRequest('user', null as never);

  addSecurityHeaders(app);
  // /metrics (with METRICS_TOKEN): every route registered from here on is measured.
  installMetrics(app);
  await app.register(multipart, { limits: { fileSize: LIMITS.fileBytes, files: 1 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kelasku API',
        description:
          'API of Kelasku. Every call except login, health and signed file links needs `Authorization: Bearer <token>`. ' +
          'Success: `{ success: true, message?, data? }`; failure: `{ success: false, message, errors? }` with Indonesian messages.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs page may not be framed either, and must load over plain http on a school network.
    transformStaticCSP: (header: string) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  // Liveness: 503 while the embedded database server is gone (db/embedded-watch.ts), so monitors see it.
  app.get('/api/health', { schema: { tags: ['system'], security: [] } }, async (_request, reply) => {
    if (!app.database.available()) {
      void reply.header('cache-control', 'no-store');
      throw new HttpError(503, MSG.unavailable);
    }
    return { success: true, data: { status: 'ok' } };
  });
  // 503 until server.ts calls app.markReady() after the start-up, and while the database does not answer.
  installReadiness(app);

  const mount = (plugins: Array<(a: App) => Promise<void>>, guard?: Parameters<typeof requireRole>[0]) => async (scope: App) => {
    // Shared lab computers: no answer of a signed-in user is kept by the browser or a proxy
    // (a file link sets its own policy). Revalidation still works: the ETag is sent and checked.
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      return payload;
    });
    scope.addHook('onRequest', authenticate);
    // Issue 40: the parent area also stays closed until the privacy notice is accepted.
    if (guard) scope.addHook('onRequest', guard === 'parent' ? requireParentPrivacy : requireRole(guard));
    for (const p of plugins) await scope.register(p);
    // Unknown paths inside a role area are still behind its guard: 401/403 first, then 404.
    if (guard) {
      scope.all('/*', { schema: { hide: true } }, async () => {
        throw new HttpError(404, MSG.routeNotFound);
      });
    }
  };

  await app.register(
    async (scope) => {
      for (const p of routeAreas.public) await scope.register(p);
    },
    { prefix: '/api' },
  );
  await app.register(mount(routeAreas.authed), { prefix: '/api' });
  await app.register(mount(routeAreas.admin, 'admin'), { prefix: '/api/admin' });
  await app.register(mount(routeAreas.teacher, 'teacher'), { prefix: '/api/teacher' });
  await app.register(mount(routeAreas.student, 'student'), { prefix: '/api/student' });
  await app.register(mount(routeAreas.parent, 'parent'), { prefix: '/api/parent' });
  await registerImportWorker(app);
  // Erases first-password slips 7 days old.
  await registerSlipSweep(app);
  for (const register of [registerNotificationJobs, registerParentSummaryJobs, installPush]) await register(app);
  // Closes quiz attempts whose time ran out, also when no browser comes back.
  await registerQuizJobs(app);
  // Deletes resumable uploads nobody used within a day.
  await registerUploadJobs(app);
  // Makes the timetable's meetings of the day (issue 38): every night after 00.00 WIB, and once at start-up.
  await registerMeetingJobs(app);

  const webDir = config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside every asset (apps/web/vite.config.ts): a browser
      // that accepts one gets it, about a quarter of the bytes.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api') || !webDir || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ success: false, message: MSG.routeNotFound });
    }
    // Every app path is answered by the single-page app.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}
