/**
 * Security headers on every answer of every route (and the single-page app, the docs, file links,
 * refusals before routing), over inject and a real socket; tokens and passwords never in a log line
 * (captured at trace level) nor in an answer other than the login's own token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';
import { ROLE_IDS } from '@kelasku/contract';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html lang="id"><head><title>Kelasku</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');

const t = useTestApp({ WEB_DIR: webDir, LOG_LEVEL: 'trace' });

type Headers = Record<string, string | string[] | number | undefined>;

/** The directives of a Content-Security-Policy header. */
function directives(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

/** What is wrong with an answer's security headers; empty when nothing. */
function headerProblems(url: string, h: Headers): string[] {
  const problems: string[] = [];
  const csp = String(h['content-security-policy'] ?? '');
  if (!csp) problems.push('no Content-Security-Policy');
  const d = directives(csp);
  const script = d.get('script-src') ?? d.get('default-src');
  // A PDF is shown by the browser's own viewer (nosniff: never read as a page), which a sandbox would stop.
  const pdf = String(h['content-type'] ?? '') === 'application/pdf';
  if (!script && !d.has('sandbox') && !pdf) problems.push(`no script-src or default-src: ${csp}`);
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    if (script?.includes(bad)) problems.push(`script-src allows ${bad}: ${csp}`);
  }
  const ancestors = d.get('frame-ancestors')?.join(' ');
  // A stored file may be framed by the app's own pages (PDF and video preview); nothing else may be framed.
  const framed = url.startsWith('/api/files/') && h['content-disposition'] ? "'self'" : "'none'";
  if (ancestors !== framed) problems.push(`frame-ancestors is ${ancestors}, not ${framed}`);
  if (h['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  // The rest of helmet's set (computed once at start-up, copied onto every answer).
  const rest = {
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  for (const [name, value] of Object.entries(rest)) if (h[name] !== value) problems.push(`${name} is ${h[name]}, not ${value}`);
  if (h['strict-transport-security'] !== undefined) problems.push("Strict-Transport-Security set (TLS is the proxy's business)");
  if (h['x-powered-by'] !== undefined) problems.push(`X-Powered-By: ${h['x-powered-by']}`);
  if (h.server !== undefined) problems.push(`Server: ${h.server}`);
  return problems;
}

let user: TestUser;
let admin: TestUser;
let fileLink: string;

beforeAll(async () => {
  user = await t.factory.teacher();
  admin = await t.factory.admin();
  const klass = await t.factory.onlineClass(user.id);
  const content = await t.factory.content(klass.id);
  const material = await t.factory.material(content.id);
  // Minted for the class's teacher, who sees the material: the file itself, not the refusal page.
  fileLink = t.app.files.forUser(user.id).url(material.fileId);
});

describe('security headers', () => {
  it('every route answers with a CSP without inline script, frame-ancestors none, nosniff and no server banner', async () => {
    const gets = new Set(t.app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url));
    const routes = t.app.routeTable.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)) && r.method !== 'QUERY');
    const problems: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
      for (const token of [null, user.token]) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        for (const p of headerProblems(url, res.headers)) problems.push(`${r.method} ${url} (${res.statusCode}): ${p}`);
      }
    }
    expect(problems).toEqual([]);
    expect(routes.length).toBeGreaterThan(60);
  });

  it('the app page, its assets, the docs, a file link, an unknown path and a malformed URL too', async () => {
    const problems: string[] = [];
    const urls = [
      '/',
      '/login',
      '/online-class/1',
      '/assets/app.js',
      '/api/docs',
      '/api/docs/static/index.html',
      '/api/docs/json',
      fileLink,
      '/api/tidak-ada',
      '/api/teacher/online-classes/%E0%A4%A',
      `/api/teacher/online-classes/${'1'.repeat(300)}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.token}` } });
      expect(res.statusCode, url).toBeLessThan(500);
      for (const p of headerProblems(url, res.headers)) problems.push(`GET ${url.slice(0, 60)} (${res.statusCode}): ${p}`);
    }
    expect(problems).toEqual([]);
  });

  it('the page the browser loads has no inline script: every script has a src', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    // The real page too (the built one has the same shape).
    const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    for (const [, attrs, body] of source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(source).not.toMatch(/\son[a-z]+=/i);
  });

  it('over a real connection there is no Server or X-Powered-By header either', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const url of ['/api/health', '/api/me', '/', fileLink]) {
        const res = await fetch(`${address}${url}`);
        await res.arrayBuffer();
        const h: Headers = Object.fromEntries(res.headers.entries());
        expect(headerProblems(url, h), url).toEqual([]);
      }
      // The live stream (server-sent events, never ending): the same headers, kept by nobody, never buffered by a proxy.
      const user = await t.factory.student();
      const ctrl = new AbortController();
      const live = await fetch(`${address}/api/live`, { headers: { authorization: `Bearer ${user.token}` }, signal: ctrl.signal });
      const h: Headers = Object.fromEntries(live.headers.entries());
      ctrl.abort();
      expect(live.status).toBe(200);
      expect(headerProblems('/api/live', h)).toEqual([]);
      expect(h).toMatchObject({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
    } finally {
      await t.app.server.close();
    }
  });
});

describe('Cache-Control of authenticated answers (shared lab computers)', () => {
  it('every GET of every area answers no-store to its role, granted or refused; a file link keeps its own policy', async () => {
    const f = t.factory;
    const teacher = await f.teacher();
    const student = await f.student({ rombelId: 1 });
    const klass = await f.onlineClass(teacher.id, { rombelId: 1 });
    const content = await f.content(klass.id);
    const material = await f.material(content.id);
    const forum = await f.forum(content.id, teacher.id);
    const assignment = await f.assignment(content.id, teacher.id);
    await f.submission(assignment.id, student.id);
    const rombel = await f.rombel();
    const word = await f.word();
    const ids: Record<string, number> = {
      classId: klass.id,
      lessonId: content.id,
      forumId: forum.id,
      assignmentId: assignment.id,
      fileId: material.fileId,
    };
    /** What `:id` names on a route. */
    const idOf = (url: string) =>
      url.includes('/resources/users')
        ? student.id
        : url.includes('/rombel-classes')
          ? rombel.id
          : url.includes('/motivational-words')
            ? word.id
            : url.includes('/assignments/')
              ? assignment.id
              : klass.id;
    const tokenFor = (url: string) =>
      url.startsWith('/api/admin')
        ? admin.token
        : url.startsWith('/api/teacher')
          ? teacher.token
          : url.startsWith('/api/student')
            ? student.token
            : teacher.token;
    const routes = t.app.routeTable.filter(
      (r) =>
        r.method === 'GET' &&
        r.url.startsWith('/api') &&
        !r.url.startsWith('/api/docs') &&
        // The live stream never ends: its headers are checked over a real connection below.
        !['/api/health', '/api/files/:id', '/api/live'].includes(r.url),
    );
    const problems: string[] = [];
    let granted = 0;
    for (const r of routes) {
      const url = r.url.replace(/:(\w+)/g, (_, name: string) => String(name === 'id' ? idOf(r.url) : (ids[name] ?? 1))).replace(/\*$/, 'x');
      for (const token of [tokenFor(r.url), 'x'.repeat(43)]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode === 200) granted++;
        // Spreadsheet, PDF, CSV, ZIP, GIFT and backup downloads (the import templates and slips, the gradebook, the recaps and
        // the journal, the submissions, a question category, an izin letter, the school's backup) are files, but never kept either.
        const download =
          res.statusCode === 200 &&
          /\/template$|\/export$|\/slips\.|\.(xlsx|csv)$|\/submissions\.zip$|\/admin\/backup$|\/export\.gift$|\/leave-requests\/:id\/file$/.test(
            r.url,
          );
        if (!download && !String(res.headers['content-type']).startsWith('application/json'))
          problems.push(`${url} (${res.statusCode}): not JSON`);
        if (res.headers['cache-control'] !== 'no-store')
          problems.push(`${url} (${res.statusCode}): Cache-Control ${res.headers['cache-control']}`);
      }
    }
    expect(problems).toEqual([]);
    expect(routes.length).toBeGreaterThan(25);
    expect(granted).toBeGreaterThan(20);
    // Writes too (a comment, the profile), and the signed file link, which the browser may keep a while.
    const comment = await t
      .as(student.token)
      .post(`/api/student/my-classes/${klass.id}/contents/${content.id}/forums/${forum.id}/comments`, { comment: 'Halo' });
    expect(comment.status).toBe(201);
    expect(comment.headers['cache-control']).toBe('no-store');
    const link = t.app.files.forUser(teacher.id).url(material.fileId);
    expect((await t.as().get(link)).headers['cache-control']).toBe('private, max-age=600');
  });
});

describe('tokens and passwords', () => {
  it('never appear in a log line (trace level) nor in any answer except the login token itself', async () => {
    const secrets = new Set<string>();
    const answers: Array<{ what: string; body: string; token?: string }> = [];
    const call = async (
      what: string,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH',
      url: string,
      token: string | null,
      payload?: unknown,
      raw?: string,
    ) => {
      const res = await t.app.inject({
        method,
        url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload !== undefined || raw ? { 'content-type': 'application/json' } : {}),
        },
        ...(raw !== undefined ? { payload: raw } : payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
      });
      answers.push({ what, body: res.body });
      return res;
    };

    const student = await t.factory.student({ password: 'Sis!wa#01' });
    secrets.add('Sis!wa#01').add(student.token).add(user.token).add(admin.token);
    // Logins: right, wrong, and a body cut in the middle of the password.
    const ok = await call('login', 'POST', '/api/login', null, { username: student.username, password: 'Sis!wa#01' });
    const loginToken: string = ok.json().data.token;
    secrets.add(loginToken);
    answers.pop(); // the login answer carries its own token by design
    expect(ok.body).not.toContain('Sis!wa#01');
    await call('wrong login', 'POST', '/api/login', null, { username: student.username, password: 'Salah!pw77' });
    secrets.add('Salah!pw77');
    await call('cut login', 'POST', '/api/login', null, undefined, `{"username":"${student.username}","password":"Potong!pw1`);
    secrets.add('Potong!pw1');
    // Use the token, in the header and where it does not belong.
    await call('me', 'GET', '/api/me', loginToken);
    await call('token in url', 'GET', `/api/me?token=${loginToken}`, null);
    await call('token in body', 'POST', '/api/logout', null, { token: loginToken });
    // Password changes: own, admin-set, on create; also refused ones.
    await call('change password', 'PATCH', '/api/profile/update-password', student.token, {
      password: 'Sis!wa#01',
      new_password: 'Baru!pw02',
      new_password_confirmation: 'Baru!pw02',
    });
    await call('wrong old password', 'PATCH', '/api/profile/update-password', student.token, {
      password: 'Lama!pw03',
      new_password: 'Baru!pw04',
      new_password_confirmation: 'Baru!pw04',
    });
    secrets.add('Baru!pw02').add('Lama!pw03').add('Baru!pw04');
    const created = await call('create user', 'POST', '/api/admin/resources/users', admin.token, {
      role: ROLE_IDS.teacher,
      name: 'Guru Baru',
      gender: 'P',
      username: `gururahasia${Date.now()}`,
      password: 'Buat!pw05',
      confirm_password: 'Buat!pw05',
    });
    expect(created.statusCode, created.body).toBe(201);
    await call('set password', 'PUT', `/api/admin/resources/users/${created.json().data.id}`, admin.token, {
      name: 'Guru Baru',
      gender: 'P',
      username: created.json().data.username,
      password: 'Atur!pw06',
      confirm_password: 'Atur!pw06',
    });
    await call('mismatch', 'POST', '/api/admin/resources/users', admin.token, {
      role: ROLE_IDS.student,
      name: 'Siswa',
      gender: 'L',
      username: 'beda.pw',
      password: 'Beda!pw07',
      confirm_password: 'Beda!pw08',
    });
    secrets.add('Buat!pw05').add('Atur!pw06').add('Beda!pw07').add('Beda!pw08');
    // A signed link: its signature is as good as a token while it lasts.
    const opened = await t.app.inject({ method: 'GET', url: fileLink });
    expect(opened.statusCode).toBe(200);
    secrets.add(new URL(fileLink, 'http://x').searchParams.get('s')!);

    expect(t.logs.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    for (const line of t.logs) for (const s of secrets) if (line.includes(s)) leaks.push(`log: ${line.slice(0, 300)}`);
    for (const a of answers) {
      for (const s of secrets) if (a.body.includes(s)) leaks.push(`answer of ${a.what}: ${a.body.slice(0, 300)}`);
      if (/password_?hash|\$argon2/i.test(a.body)) leaks.push(`answer of ${a.what} has a password hash`);
    }
    expect(leaks).toEqual([]);
  });
});
