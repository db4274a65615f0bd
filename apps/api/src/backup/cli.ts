/**
 * The backup and the restore from the command line, on the configured database (DATABASE_URL or
 * the embedded one in DATA_DIR) and storage (STORAGE_DIR or the S3 bucket).
 *
 *   npm run backup -- FILE     writes one archive (.tar.gz) of the database and every stored file
 *   npm run restore -- FILE    restores such an archive into an empty database and an empty storage
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { EmbeddedError } from '../db/embedded.js';
import { storageFromConfig } from '../files/storage.js';
import { findMigrations, formatBytes, seconds, type Reporter } from './format.js';
import { backupStream } from './write.js';
import { RestoreRefused, restoreBackup } from './restore.js';

const USAGE = [
  'Pemakaian:',
  '  npm run backup -- FILE     simpan cadangan database dan semua file ke FILE (mis. kelasku-cadangan.tar.gz)',
  '  npm run restore -- FILE    pulihkan cadangan FILE ke database dan penyimpanan yang kosong',
].join('\n');

/** An error the operator can act on: printed as it is, without a stack. */
class Stop extends Error {}

const reporter: Reporter = {
  progress: (line) => console.log(line),
  warn: (line) => console.warn(`Peringatan: ${line}`),
};

async function open(config: Config, command: 'backup' | 'restore'): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  } catch (err) {
    if (config.databaseUrl) {
      const e = err as NodeJS.ErrnoException;
      throw new Stop(`Tidak dapat terhubung ke database di DATABASE_URL (${e.code ?? e.message}).`);
    }
    // The embedded server of a folder serves one app at a time: the running app refuses us.
    const pid = err instanceof EmbeddedError ? /\(pid (\d+)\)/.exec(err.message)?.[1] : undefined;
    if (pid) {
      const busy = `Kelasku sedang berjalan dengan folder data ${config.dataDir} (pid ${pid}), dan database tertanamnya hanya melayani satu program. `;
      throw new Stop(
        command === 'backup'
          ? `${busy}Unduh cadangan dari halaman admin (Dashboard → Cadangan data → Unduh cadangan), atau hentikan Kelasku dulu lalu jalankan perintah ini lagi.`
          : `${busy}Pemulihan hanya ke folder data yang kosong dan tidak sedang dipakai: pakai DATA_DIR lain.`,
      );
    }
    throw new Stop(`Database tertanam di ${config.dataDir} tidak dapat dibuka: ${(err as Error).message}`);
  }
}

async function backup(file: string, database: Database, config: Config): Promise<void> {
  const target = path.resolve(file);
  const storage = await storageFromConfig(config);
  const started = performance.now();
  const partial = `${target}.sebagian`;
  console.log(`Mencadangkan ke ${target} …`);
  const { stream, done } = backupStream({ pool: database.pool, storage, kind: database.kind }, { reporter });
  try {
    await Promise.all([pipeline(stream, createWriteStream(partial, { flush: true })), done]);
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  }
  // Renamed only when whole: a cut run never leaves a file that looks like a backup.
  await fs.rename(partial, target);
  const summary = await done;
  const { size } = await fs.stat(target);
  console.log(
    `Cadangan selesai: ${target} (${formatBytes(size)}), ${summary.tables} tabel, ${summary.rows.toLocaleString('id-ID')} baris, ` +
      `${summary.files} file dalam ${seconds(started)}.`,
  );
  if (summary.missing.length > 0)
    console.warn(`Peringatan: ${summary.missing.length} file tercatat tetapi sudah tidak ada di penyimpanan.`);
}

async function restore(file: string, database: Database, config: Config): Promise<void> {
  const source = path.resolve(file);
  const stat = await fs.stat(source);
  const storage = await storageFromConfig(config);
  const where = config.databaseUrl ? 'database DATABASE_URL' : `folder data ${config.dataDir}`;
  console.log(`Memulihkan ${source} (${formatBytes(stat.size)}) ke ${where} …`);
  const summary = await restoreBackup(createReadStream(source), { database, storage }, { reporter });
  console.log(
    `Pemulihan selesai: ${summary.tables} tabel berisi data, ${summary.rows.toLocaleString('id-ID')} baris, ${summary.files} file. ` +
      'Jalankan npm start seperti biasa.',
  );
}

async function main(): Promise<void> {
  process.env.KELASKU_MIGRATIONS ??= findMigrations(import.meta.dirname);
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) throw new Stop(USAGE);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    throw new Stop((err as Error).message);
  }
  // Before the database is opened (the embedded one takes a few seconds to start).
  const folder = path.dirname(path.resolve(file));
  if (command === 'backup' && !(await fs.stat(folder).catch(() => null))?.isDirectory()) {
    throw new Stop(`Folder ${folder} tidak ada. Buat dulu, atau pilih folder lain untuk file cadangan.`);
  }
  if (command === 'restore' && !(await fs.stat(path.resolve(file)).catch(() => null))?.isFile()) {
    throw new Stop(`File cadangan ${path.resolve(file)} tidak ditemukan.`);
  }
  const database = await open(config, command);
  try {
    if (command === 'backup') await backup(file, database, config);
    else await restore(file, database, config);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof Stop || err instanceof RestoreRefused || err instanceof ConfigError) console.error(err.message);
  else if (process.argv[2] === 'restore') console.error(`Pemulihan gagal: ${err instanceof Error ? err.message : String(err)}`);
  else console.error(`Pencadangan gagal: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
