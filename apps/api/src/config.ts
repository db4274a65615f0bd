import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database and the stored files. */
  dataDir: string;
  /** PostgreSQL server; when empty the embedded database in dataDir is used. */
  databaseUrl: string | null;
  /** Seed the demo school into an empty database. */
  seedDemo: boolean;
  /** Folder of the built web app; null serves the API only. */
  webDir: string | null;
  logLevel: string;
  /** Address of a reverse proxy in front of the app; enables X-Forwarded-For. */
  trustProxy: boolean;
  /** Lifetime of a signed file link, in seconds. */
  fileUrlTtl: number;
  /** Where stored files live (shared between instances). Default dataDir/storage. */
  storageDir: string;
}

export class ConfigError extends Error {}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name}=${raw} tidak valid: isi dengan bilangan bulat ${min}–${max}.`);
  }
  return n;
}

const truthy = (v: string | undefined) => v !== undefined && ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

/** Reads the environment once, in one place. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL harus berbentuk postgres://user:password@host:5432/nama_database.');
  }
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  return {
    port: intFrom(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    databaseUrl,
    seedDemo: databaseUrl ? truthy(env.SEED_DEMO) : env.SEED_DEMO === undefined || truthy(env.SEED_DEMO),
    webDir: env.WEB_DIR === '' ? null : path.resolve(env.WEB_DIR?.trim() || defaultWebDir()),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: truthy(env.TRUST_PROXY),
    fileUrlTtl: intFrom(env, 'FILE_URL_TTL', 3600, 60, 7 * 24 * 3600),
    storageDir: path.resolve(env.STORAGE_DIR?.trim() || path.join(dataDir, 'storage')),
  };
}

function defaultWebDir(): string {
  // dist/main.js and src/main.ts both sit two folders below apps/.
  return path.resolve(import.meta.dirname, '../../web/dist');
}
