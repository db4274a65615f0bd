/**
 * The scale-out set-up of docs/operations.md ("Running at scale"), run as written: Debian's nginx started from
 * deploy/nginx/kelasku.conf (only the upstream addresses, the listen port and the file paths are
 * replaced) in front of two server processes, one PostgreSQL database and an S3 server (s3rver).
 * A short school scenario goes through nginx only: log in, upload, download through the other
 * instance, a live update crossing instances, and one instance stopped in the middle of a busy
 * minute without a single failed request.
 *
 * nginx is installed by .ci/run (Debian's package); NGINX_BIN names another binary.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { Factory, type TestUser } from './factory.js';
import { dbKind, freshDatabaseUrl, multipartBody, samples } from './helpers.js';
import { callHttp, freePort, readLiveStream, startProcess, stopProcess } from './processes.js';

const REPO = path.resolve(import.meta.dirname, '../../..');
const NGINX = process.env.NGINX_BIN ?? ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p)) ?? 'nginx';
const BUCKET = 'kelasku-scale-out';

interface Instance {
  name: string;
  base: string;
  /** host:port as nginx reports it in $upstream_addr. */
  addr: string;
  child: ChildProcess;
}

let root: string;
let drop: () => Promise<void>;
let database: Database;
let factory: Factory;
let s3: S3rver;
let s3Client: S3Client;
let nginx: ChildProcess;
let site: string;
const instances: Instance[] = [];

/** The deploy file with this test's addresses, and the upstream's address in each answer (X-Upstream). */
async function nginxConfig(listen: number, upstreams: string[]): Promise<string> {
  let conf = await fs.readFile(path.join(REPO, 'deploy/nginx/kelasku.conf'), 'utf8');
  const servers = [...conf.matchAll(/^\s*server 127\.0\.0\.1:\d+ (.*);$/gm)];
  expect(servers, 'the deploy file lists two upstream servers').toHaveLength(2);
  conf = conf.replace(servers[0]![0], `    server ${upstreams[0]} ${servers[0]![1]};`);
  conf = conf.replace(servers[1]![0], `    server ${upstreams[1]} ${servers[1]![1]};`);
  expect(conf).toContain('listen 80;');
  conf = conf.replace('listen 80;', `listen 127.0.0.1:${listen};`);
  conf = conf.replaceAll('proxy_pass http://kelasku;', 'proxy_pass http://kelasku;\n        add_header X-Upstream $upstream_addr always;');
  const tmp = (n: string) => path.join(root, 'nginx', n);
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await fs.mkdir(tmp(d), { recursive: true });
  await fs.writeFile(tmp('site.conf'), conf);
  const main = [
    // As root, nginx's workers would run as nobody and could not use the temp folders made here.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${tmp('nginx.pid')};`,
    `error_log ${tmp('error.log')} warn;`,
    'daemon off;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${tmp('body')};`,
    `  proxy_temp_path ${tmp('proxy')};`,
    `  fastcgi_temp_path ${tmp('fastcgi')};`,
    `  uwsgi_temp_path ${tmp('uwsgi')};`,
    `  scgi_temp_path ${tmp('scgi')};`,
    `  include ${tmp('site.conf')};`,
    '}',
  ].join('\n');
  await fs.writeFile(tmp('nginx.conf'), main);
  return tmp('nginx.conf');
}

async function startInstance(name: string, s3Endpoint: string, url: string): Promise<Instance> {
  const p = await startProcess({
    DATABASE_URL: url,
    DATA_DIR: path.join(root, name),
    STORAGE: 's3',
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    TRUST_PROXY: '1',
  });
  return { name, base: p.base, addr: new URL(p.base).host, child: p.child };
}

interface Answer {
  status: number;
  upstream: string;
  json: any;
  bytes: Buffer;
}

async function call(method: string, url: string, opts: Parameters<typeof callHttp>[3] = {}): Promise<Answer> {
  const res = await callHttp(site, method, url, opts);
  return { ...res, upstream: res.headers.get('x-upstream') ?? '' };
}

/** Repeats an idempotent request until nginx sends it to another instance than `not`. */
async function viaOther(not: string, method: string, url: string, opts: Parameters<typeof call>[2] = {}): Promise<Answer> {
  for (let i = 0; i < 6; i++) {
    const res = await call(method, url, opts);
    if (res.upstream !== not) return res;
  }
  throw new Error(`nginx kept sending ${url} to ${not}`);
}

const until = async (check: () => boolean, what: string, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const objectsInBucket = async () => (await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).KeyCount ?? 0;

beforeAll(async () => {
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  if (version.error)
    throw new Error(`nginx is needed for this test (Debian: apt-get install nginx; or set NGINX_BIN): ${version.error.message}`);
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-scale-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(root, 's3') });
  const { port: s3Port } = await s3.run();
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  s3Client = new S3Client({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3Client.send(new CreateBucketCommand({ Bucket: BUCKET }));

  let url: string;
  ({ url, drop } = await freshDatabaseUrl());
  database = await openDatabase({ databaseUrl: url, dataDir: root, poolSize: 2 });
  factory = new Factory(database.db, null as unknown as FastifyInstance);
  // One instance first (it applies the migrations), then the other, as docs/operations.md says.
  instances.push(await startInstance('a', s3Endpoint, url));
  instances.push(await startInstance('b', s3Endpoint, url));

  const listen = await freePort();
  const conf = await nginxConfig(
    listen,
    instances.map((i) => i.addr),
  );
  const check = spawnSync(NGINX, ['-t', '-p', path.join(root, 'nginx'), '-e', path.join(root, 'nginx/error.log'), '-c', conf], {
    encoding: 'utf8',
  });
  expect(check.status, `nginx -t:\n${check.stderr}`).toBe(0);
  nginx = spawn(NGINX, ['-p', path.join(root, 'nginx'), '-e', path.join(root, 'nginx/error.log'), '-c', conf], { stdio: 'ignore' });
  site = `http://127.0.0.1:${listen}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${site}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100 || nginx.exitCode !== null)
      throw new Error(`nginx did not start: ${await fs.readFile(path.join(root, 'nginx/error.log'), 'utf8').catch(() => '')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx.once('exit', r));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await Promise.all(instances.map((i) => stopProcess(i.child)));
  await database?.close();
  await drop?.();
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe(`nginx in front of two instances, one PostgreSQL (${dbKind}) and S3`, () => {
  let teacher: TestUser;
  let student: TestUser;
  let classId: number;
  let rombelId: number;
  let lessonUrl: string;

  beforeAll(async () => {
    const rombel = await factory.rombel();
    rombelId = rombel.id;
    teacher = await factory.teacher();
    student = await factory.student({ rombelId: rombel.id });
    const klass = await factory.onlineClass(teacher.id, { rombelId: rombel.id });
    classId = klass.id;
    const content = await factory.content(klass.id);
    lessonUrl = `/api/teacher/online-classes/${klass.id}/contents/${content.id}`;
  });

  it('both instances answer through nginx, and the health check passes', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await call('GET', '/api/health');
      expect(res.status).toBe(200);
      seen.add(res.upstream);
    }
    expect([...seen].sort()).toEqual(instances.map((i) => i.addr).sort());
  });

  it('a teacher logs in, uploads through one instance, and the file downloads through the other from S3', async () => {
    const login = await call('POST', '/api/login', { json: { username: teacher.username, password: teacher.password } });
    expect(login.status).toBe(200);
    const token = login.json.data.token as string;
    const me = await viaOther(login.upstream, 'GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.json.data.username).toBe(teacher.username);

    const before = await objectsInBucket();
    const pdf = samples.pdf(`lewat nginx ${Date.now()}`);
    const form = multipartBody({ title: 'Modul lewat nginx' }, { file: { name: 'modul.pdf', data: pdf, type: 'application/pdf' } });
    const up = await call('POST', `${lessonUrl}/materials`, { token, body: form.payload, type: form.contentType });
    expect(up.status, JSON.stringify(up.json)).toBe(201);
    expect(await objectsInBucket()).toBe(before + 1);
    // Nothing of the file is kept on either instance's own disk.
    for (const i of instances) expect(existsSync(path.join(root, i.name, 'storage'))).toBe(false);

    const down = await viaOther(up.upstream, 'GET', up.json.data.file);
    expect(down.status).toBe(200);
    expect(down.bytes.equals(pdf)).toBe(true);
  });

  it('a live update made through one instance reaches a stream held through nginx on the other', async () => {
    const s = await readLiveStream(site, student.token);
    expect(s.status).toBe(200);
    // An announcement posted through the instance that does not hold the stream.
    let posted: Answer | null = null;
    for (let i = 0; i < 6 && !posted; i++) {
      const res = await call('POST', `/api/teacher/online-classes/${classId}/announcements`, {
        token: teacher.token,
        json: { body: `Pengumuman lintas instance ${i}` },
      });
      expect(res.status).toBe(201);
      if (res.upstream !== s.headers.get('x-upstream')) posted = res;
    }
    expect(posted, 'an announcement went through the other instance').not.toBeNull();
    await until(
      () => s.events.some((e) => e.event === 'notification' && JSON.stringify(e.data).includes(posted!.json.data.body.slice(0, 20))),
      'the notification of the announcement',
    );
    await s.close();
  });

  it('one instance stopped in the middle of a busy minute: not one request fails', async () => {
    const students = await Promise.all(Array.from({ length: 8 }, () => factory.student({ rombelId })));
    const results: Array<{ at: number; what: string; status: number | string; upstream: string }> = [];
    let running = true;
    const pdf = samples.pdf('pada saat berhenti');
    const form = multipartBody({ title: 'Unggah saat berhenti' }, { file: { name: 'b.pdf', data: pdf, type: 'application/pdf' } });
    const user = async (n: number) => {
      const login = await call('POST', '/api/login', { json: { username: students[n]!.username, password: students[n]!.password } });
      results.push({ at: Date.now(), what: 'login', status: login.status, upstream: login.upstream });
      const token = login.json?.data?.token as string;
      for (let round = 0; running; round++) {
        const steps: Array<[string, () => Promise<Answer>]> = [
          ['me', () => call('GET', '/api/me', { token })],
          ['classes', () => call('GET', '/api/student/my-classes', { token })],
          ['health', () => call('GET', '/api/health')],
        ];
        // The teacher writes too: a material with a file now and then.
        if (n === 0 && round % 3 === 0) {
          steps.push([
            'upload',
            () => call('POST', `${lessonUrl}/materials`, { token: teacher.token, body: form.payload, type: form.contentType }),
          ]);
        }
        if (n === 1 && round % 2 === 0) {
          steps.push([
            'announce',
            () =>
              call('POST', `/api/teacher/online-classes/${classId}/announcements`, {
                token: teacher.token,
                json: { body: `Sibuk ${round}` },
              }),
          ]);
        }
        for (const [what, step] of steps) {
          try {
            const res = await step();
            results.push({ at: Date.now(), what, status: res.status, upstream: res.upstream });
          } catch (err) {
            results.push({ at: Date.now(), what, status: String((err as Error).cause ?? err), upstream: '' });
          }
          await new Promise((r) => setTimeout(r, 20 + Math.random() * 60));
        }
      }
    };
    const users = students.map((_, n) => user(n));
    await new Promise((r) => setTimeout(r, 2_000));
    const [stopped, kept] = instances as [Instance, Instance];
    const stopAt = Date.now();
    await stopProcess(stopped.child, 'SIGTERM');
    const exitedAt = Date.now();
    await new Promise((r) => setTimeout(r, 3_000));
    running = false;
    await Promise.all(users);

    const failed = results.filter((r) => typeof r.status !== 'number' || r.status >= 300);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    const before = results.filter((r) => r.at < stopAt);
    const after = results.filter((r) => r.at > exitedAt);
    console.log(
      `scale-out: ${results.length} requests, ${before.length} before the stop, ${after.length} after it, 0 failed; ` +
        `instance ${stopped.name} took ${exitedAt - stopAt} ms to stop`,
    );
    expect(new Set(before.map((r) => r.upstream))).toEqual(new Set(instances.map((i) => i.addr)));
    expect(after.length).toBeGreaterThan(20);
    expect(new Set(after.map((r) => r.upstream))).toEqual(new Set([kept.addr]));
    expect(results.some((r) => r.what === 'upload')).toBe(true);
  });
});
