import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { EmbeddedError } from './db/embedded.js';
import { seedDemo, seedReferenceData } from './seed/demo.js';
import { purgeIdleTokens } from './auth/tokens.js';
import { runFileSweep } from './files/upload-jobs.js';
import { askMeetingGeneration } from './features/meetings/jobs.js';

/** Opens, migrates and seeds the database, then builds the app. Failures become one line that says what to fix. */
export async function startServices(
  config: Config,
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<{
  app: FastifyInstance;
  database: Database;
  seeded: boolean;
}> {
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (config.databaseUrl) {
      throw new ConfigError(
        `Tidak dapat terhubung ke database di DATABASE_URL (${e.code ?? e.message}). Periksa alamat, nama database, user dan password, dan pastikan PostgreSQL berjalan.`,
      );
    }
    if (e.code === 'EACCES' || e.code === 'EROFS' || e.code === 'EPERM') {
      throw new ConfigError(`Folder data ${config.dataDir} tidak dapat ditulisi. Ubah DATA_DIR ke folder yang dapat ditulisi.`);
    }
    if (err instanceof EmbeddedError) throw new ConfigError(err.message);
    throw new ConfigError(`Database tertanam di ${config.dataDir} tidak dapat dibuka (${e.message}).`);
  }
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    app = await buildApp(config, { database, logStream: opts.logStream }).catch((err: NodeJS.ErrnoException) => {
      // The storage folder cannot be written. (A bucket that does not answer is a ConfigError
      // already, naming S3_BUCKET and S3_ENDPOINT.)
      if (!config.s3 && (err.code === 'EACCES' || err.code === 'EROFS' || err.code === 'EPERM')) {
        throw new ConfigError(
          `Folder penyimpanan file ${config.storageDir} tidak dapat ditulisi. Ubah DATA_DIR atau STORAGE_DIR, atau pakai STORAGE=s3.`,
        );
      }
      throw err;
    });
    const seeded = config.seedDemo ? await seedDemo(database.db, app.files) : false;
    // Leftovers of a crash; the running app repeats this every FILE_SWEEP_SECONDS (files/upload-jobs.ts).
    await runFileSweep(app);
    await purgeIdleTokens(database.db);
    await askMeetingGeneration(app);
    app.markReady();
    return { app, database, seeded };
  } catch (err) {
    // The jobs and the live bus hold connections: the pool ends only once they have stopped.
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}
