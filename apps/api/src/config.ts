import net from 'node:net';
import os from 'node:os';
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
  /**
   * Reverse proxies in front of the app whose X-Forwarded-For is believed: false (none, the
   * connection's address counts), a number of trusted hops, or their addresses/CIDRs. Never "all":
   * then the address a client writes into X-Forwarded-For itself would count.
   */
  trustProxy: false | number | string[];
  /** Lifetime of a signed file link, in seconds. */
  fileUrlTtl: number;
  /** Where stored files live (shared between instances). Default dataDir/storage. */
  storageDir: string;
  /** STORAGE=s3: an S3-compatible bucket instead of the storage folder; null keeps the folder. */
  s3: S3Config | null;
  /**
   * Where resumable uploads are kept until a form uses them (RESUMABLE_STORE): `s3`, the bucket
   * (the default with STORAGE=s3; needs ListParts, which real S3 and MinIO have), or `folder`,
   * STORAGE_DIR/resumable (the default otherwise; shared by instances that share the folder).
   */
  resumableStore: 'folder' | 's3';
  /** Bearer token that /metrics requires; null turns /metrics off (404). */
  metricsToken: string | null;
  /** The school's name and address, printed on the sign-in slips of an import. */
  schoolName: string;
  schoolAddress: string;
  /** SMTP server of the e-mail digest (smtp:// or smtps://user:pass@host:port); null sends no e-mail. */
  smtpUrl: string | null;
  /** Sender of the digest ("Kelasku <no-reply@sekolah.sch.id>"). */
  mailFrom: string;
  /** When the digest runs: a cron expression in WIB (Asia/Jakarta). */
  digestCron: string;
  /** When the parents' weekly summary is written (SUMMARY_CRON, WIB; default Friday 15.00). */
  summaryCron: string;
  /** The address browsers open the app at (no trailing slash): links in e-mails become absolute; null prints the path. */
  publicUrl: string | null;
  /** Worker processes serving HTTP on the one port (node:cluster); 1 serves from the main process itself. */
  webConcurrency: number;
  /**
   * Leftovers of an interrupted upload (temporary files, stored files without a row, resumable
   * uploads without a row) are removed once older than this (ORPHAN_GRACE_MS, default 1 hour), so an
   * upload in flight, here or on another instance, is never touched.
   */
  orphanGraceMs: number;
  /** How often the running app looks for those leftovers (FILE_SWEEP_SECONDS, default 600): one job across instances. */
  fileSweepSeconds: number;
  /**
   * Per-user limits on expensive calls (http/limits.ts, docs/limits.md): one at a time and a rate per
   * minute. KELASKU_LIMITS=off turns them off (to compare in a benchmark); on by default.
   */
  limits: boolean;
  /** Web Push (docs/features/push.md): the VAPID pair, subject, extra push hosts, a private CA, the send timeout. */
  push: PushConfig;
}

export interface PushConfig {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url); null: made once and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT (mailto: or https:); null: the first admin's e-mail, else PUBLIC_URL, else mailto:admin@kelasku.invalid. */
  vapidSubject: string | null;
  /** PUSH_HOSTS: hosts ("push.sekolah.sch.id") or host:port added to the known push services; these may be private addresses. */
  hosts: string[];
  /** PUSH_CA_FILE: a PEM file of a CA trusted besides the usual ones (a self-hosted push service). */
  caFile: string | null;
  /** PUSH_TIMEOUT_SECONDS (default 10): how long one push may take before it is retried. */
  timeoutMs: number;
}

export interface S3Config {
  /** http(s)://host:port of an S3-compatible server; null is AWS itself (by region). */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** null: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (http://host/bucket/key), as MinIO, Garage and s3rver expect, instead of the host name. */
  forcePathStyle: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
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
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    fileUrlTtl: intFrom(env, 'FILE_URL_TTL', 3600, 60, 7 * 24 * 3600),
    storageDir: path.resolve(env.STORAGE_DIR?.trim() || path.join(dataDir, 'storage')),
    s3: s3From(env),
    resumableStore: resumableStoreFrom(env),
    metricsToken: metricsTokenFrom(env.METRICS_TOKEN),
    schoolName: env.SCHOOL_NAME?.trim() || 'SMK Kelasku',
    schoolAddress: env.SCHOOL_ADDRESS?.trim() ?? '',
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || 'Kelasku <no-reply@localhost>',
    digestCron: cronFrom('DIGEST_CRON', env.DIGEST_CRON, '0 17 * * *'),
    summaryCron: cronFrom('SUMMARY_CRON', env.SUMMARY_CRON, '0 15 * * 5'),
    publicUrl: publicUrlFrom(env.PUBLIC_URL),
    webConcurrency: webConcurrencyFrom(env.WEB_CONCURRENCY),
    orphanGraceMs: intFrom(env, 'ORPHAN_GRACE_MS', 60 * 60 * 1000, 0, 7 * 24 * 3600 * 1000),
    fileSweepSeconds: intFrom(env, 'FILE_SWEEP_SECONDS', 600, 1, 24 * 3600),
    limits: limitsFrom(env.KELASKU_LIMITS),
    push: pushFrom(env),
  };
}

function pushFrom(env: NodeJS.ProcessEnv): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    throw new ConfigError('VAPID_PUBLIC_KEY dan VAPID_PRIVATE_KEY harus diisi berdua (atau keduanya dikosongkan).');
  }
  if (publicKey && (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey))) {
    throw new ConfigError('VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY tidak valid: buat dengan `npx web-push generate-vapid-keys`.');
  }
  const subject = env.VAPID_SUBJECT?.trim() || null;
  if (subject && (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(subject) || !URL.canParse(subject))) {
    throw new ConfigError('VAPID_SUBJECT harus berbentuk mailto:admin@sekolah.sch.id atau https://kelasku.sekolah.sch.id.');
  }
  const hosts = (env.PUSH_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const h of hosts) {
    if (!URL.canParse(`https://${h}`) || new URL(`https://${h}`).host !== h.replace(/:443$/, '')) {
      throw new ConfigError(`PUSH_HOSTS berisi "${h}" yang tidak valid: isi dengan daftar host atau host:port, dipisah koma.`);
    }
  }
  return {
    vapidKeys: publicKey ? { publicKey, privateKey } : null,
    vapidSubject: subject,
    hosts,
    caFile: env.PUSH_CA_FILE?.trim() ? path.resolve(env.PUSH_CA_FILE.trim()) : null,
    timeoutMs: intFrom(env, 'PUSH_TIMEOUT_SECONDS', 10, 1, 120) * 1000,
  };
}

function resumableStoreFrom(env: NodeJS.ProcessEnv): 'folder' | 's3' {
  const value = env.RESUMABLE_STORE?.trim().toLowerCase();
  const s3 = env.STORAGE?.trim().toLowerCase() === 's3';
  if (!value) return s3 ? 's3' : 'folder';
  if (value === 'folder') return 'folder';
  if (value === 's3' && s3) return 's3';
  throw new ConfigError(`RESUMABLE_STORE=${env.RESUMABLE_STORE} tidak valid: isi dengan folder, atau s3 bila STORAGE=s3.`);
}

function s3From(env: NodeJS.ProcessEnv): S3Config | null {
  const kind = env.STORAGE?.trim().toLowerCase() || 'folder';
  if (kind === 'folder') return null;
  if (kind !== 's3') throw new ConfigError(`STORAGE=${env.STORAGE} tidak valid: isi dengan folder (bawaan) atau s3.`);
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('S3_BUCKET harus diisi dengan nama bucket (3–63 huruf kecil, angka, titik atau tanda hubung) bila STORAGE=s3.');
  }
  const endpoint = env.S3_ENDPOINT?.trim().replace(/\/+$/, '') || null;
  if (endpoint && (!/^https?:\/\//i.test(endpoint) || !URL.canParse(endpoint))) {
    throw new ConfigError('S3_ENDPOINT harus berbentuk http://host:9000 atau https://s3.penyedia.com.');
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || env.AWS_ACCESS_KEY_ID?.trim() || '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || env.AWS_SECRET_ACCESS_KEY?.trim() || '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID dan S3_SECRET_ACCESS_KEY harus diisi berdua (atau keduanya dikosongkan).');
  }
  return {
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    // A custom endpoint is nearly always a self-hosted server that wants path style.
    forcePathStyle:
      env.S3_FORCE_PATH_STYLE === undefined || env.S3_FORCE_PATH_STYLE === '' ? Boolean(endpoint) : truthy(env.S3_FORCE_PATH_STYLE),
  };
}

function metricsTokenFrom(raw: string | undefined): string | null {
  const v = raw?.trim() ?? '';
  if (v === '') return null;
  if (v.length < 16) throw new ConfigError('METRICS_TOKEN terlalu pendek: pakai paling sedikit 16 karakter acak.');
  return v;
}

function smtpUrlFrom(raw: string | undefined): string | null {
  const v = raw?.trim() ?? '';
  if (v === '') return null;
  if (!/^smtps?:\/\/[^/\s]+/i.test(v) || !URL.canParse(v)) {
    throw new ConfigError('SMTP_URL harus berbentuk smtp://user:password@host:587 atau smtps://user:password@host:465.');
  }
  return v;
}

/** Five cron fields (minute hour day month weekday); pg-boss checks the expression itself when it schedules it. */
function cronFrom(name: string, raw: string | undefined, fallback: string): string {
  const v = raw?.trim().replace(/\s+/g, ' ') ?? '';
  if (v === '') return fallback;
  if (!/^[\w*,/-]+( [\w*,/-]+){4}$/.test(v)) {
    throw new ConfigError(
      `${name}=${raw} tidak valid: isi dengan ekspresi cron lima kolom dalam WIB, mis. "0 17 * * *" (setiap hari pukul 17.00).`,
    );
  }
  return v;
}

function publicUrlFrom(raw: string | undefined): string | null {
  const v = raw?.trim() ?? '';
  if (v === '') return null;
  if (!/^https?:\/\//i.test(v) || !URL.canParse(v) || new URL(v).search || new URL(v).hash) {
    throw new ConfigError('PUBLIC_URL harus berbentuk https://kelasku.sekolah.sch.id (alamat yang dibuka browser).');
  }
  return v.replace(/\/+$/, '');
}

/** KELASKU_LIMITS: empty/on → the limits apply; off → none (only for comparing with and without in a benchmark). */
function limitsFrom(raw: string | undefined): boolean {
  const v = raw?.trim().toLowerCase() ?? '';
  if (v === '' || ['1', 'on', 'yes', 'true'].includes(v)) return true;
  if (['0', 'off', 'no', 'false'].includes(v)) return false;
  throw new ConfigError(`KELASKU_LIMITS=${raw} tidak valid: isi dengan on (bawaan) atau off.`);
}

/** WEB_CONCURRENCY: empty → 1; a whole number 1–64; auto → one per CPU core (at most 64). */
function webConcurrencyFrom(raw: string | undefined): number {
  const v = raw?.trim().toLowerCase() ?? '';
  if (v === '') return 1;
  if (v === 'auto') return Math.min(os.availableParallelism(), 64);
  if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64) return Number(v);
  throw new ConfigError(`WEB_CONCURRENCY=${raw} tidak valid: isi dengan jumlah proses 1–64, atau auto (satu per inti CPU).`);
}

/** TRUST_PROXY: empty/off → none; a whole number → that many hops; on/yes/true → 1 hop; else a comma list of addresses or CIDRs. */
function trustProxyFrom(raw: string | undefined): Config['trustProxy'] {
  const v = raw?.trim().toLowerCase() ?? '';
  if (v === '' || ['0', 'off', 'no', 'false'].includes(v)) return false;
  if (['on', 'yes', 'true'].includes(v)) return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 20) return hops;
  } else {
    const list = v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isAddressOrCidr)) return list;
  }
  throw new ConfigError(
    `TRUST_PROXY=${raw} tidak valid: isi dengan jumlah proxy tepercaya (mis. 1) atau daftar alamat/CIDR proxy (mis. 10.0.0.5,10.1.0.0/16).`,
  );
}

function isAddressOrCidr(s: string): boolean {
  const [address, prefix, ...rest] = s.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function defaultWebDir(): string {
  // dist/main.js and src/main.ts both sit two folders below apps/.
  return path.resolve(import.meta.dirname, '../../web/dist');
}
