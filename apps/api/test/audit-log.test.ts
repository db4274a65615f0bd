/**
 * The audit log (issue 35, ASVS V16): every admin write and every grade change is one row — who,
 * when, from which address, what, before → after — never with a password, token or slip; the
 * admin's "Log aktivitas" filters, pages and exports it (XLSX); a teacher sees the grade history of
 * their own class's submissions and attempts. Nothing in the code updates or deletes a row.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MSG, ROLE_IDS } from '@kelasku/contract';
import { auditLog } from '../src/db/schema.js';
import { withoutSecrets } from '../src/audit/record.js';
import { multipartBody, useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';

const t = useTestApp();

type Row = typeof auditLog.$inferSelect;

/** The rows written since `sinceId`, oldest first. */
async function rowsSince(sinceId: number): Promise<Row[]> {
  return t.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${sinceId}`)
    .orderBy(auditLog.id);
}
async function lastId(): Promise<number> {
  const [row] = await t.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);
  return row!.id;
}
/** Runs `change` and answers the audit rows it wrote. */
async function rowsOf(change: () => Promise<unknown>): Promise<Row[]> {
  const since = await lastId();
  await change();
  return rowsSince(since);
}

/** An admin call from a given address (the connection's; no proxy is trusted in tests). */
async function fromAddress(token: string, method: 'PUT' | 'POST', url: string, body: unknown, ip: string) {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

let admin: TestUser;
let scene: Awaited<ReturnType<TestContextFactory['classScene']>>;
type TestContextFactory = (typeof t)['factory'];

beforeAll(async () => {
  admin = await t.factory.admin({ name: 'Bu Admin Audit' });
  scene = await t.factory.classScene();
});

describe('audit log: admin writes on users', () => {
  it('records create, edit, role, status, password reset, unlock and delete with who, address and before → after', async () => {
    const created = await rowsOf(async () => {
      const res = await fromAddress(
        admin.token,
        'POST',
        '/api/admin/resources/users',
        {
          role: ROLE_IDS.student,
          name: 'Siswa Audit',
          gender: 'L',
          username: 'siswaaudit',
          email: 'siswaaudit@test.sch.id',
          password: 'RahasiaSekali9',
          confirm_password: 'RahasiaSekali9',
          rombel_id: 1,
        },
        '203.0.113.7',
      );
      expect(res.statusCode).toBe(201);
    });
    expect(created).toHaveLength(1);
    const c = created[0]!;
    expect(c).toMatchObject({
      action: 'user.create',
      actorId: admin.id,
      actorName: 'Bu Admin Audit',
      actorRole: 'admin',
      ip: '203.0.113.7',
      targetType: 'user',
      summary: 'Siswa Siswa Audit (siswaaudit)',
      before: null,
    });
    expect(c.after).toMatchObject({ name: 'Siswa Audit', username: 'siswaaudit', role: 'Siswa', status: 'Aktif', rombel: 'X TKJ 1' });
    const id = c.targetId!;

    // An edit that renames, moves the role, deactivates and sets a password: one row per kind.
    const edited = await rowsOf(async () => {
      const res = await t.as(admin.token).put(`/api/admin/resources/users/${id}`, {
        role: ROLE_IDS.teacher,
        name: 'Guru Audit',
        gender: 'L',
        username: 'siswaaudit',
        email: 'siswaaudit@test.sch.id',
        status: 0,
        password: 'PasswordBaru99',
        confirm_password: 'PasswordBaru99',
      });
      expect(res.status).toBe(200);
    });
    expect(edited.map((r) => r.action)).toEqual(['user.update', 'user.role', 'user.status', 'user.password_reset']);
    expect(edited[0]!.before).toMatchObject({ name: 'Siswa Audit' });
    expect(edited[0]!.after).toMatchObject({ name: 'Guru Audit' });
    expect(edited[1]).toMatchObject({ before: { role: 'Siswa' }, after: { role: 'Guru' } });
    expect(edited[2]).toMatchObject({ before: { status: 'Aktif' }, after: { status: 'Nonaktif' } });
    expect(edited[3]).toMatchObject({ before: null, after: { password: AUDIT_MSG.passwordSet } });
    expect(edited.every((r) => r.ip === '127.0.0.1' && r.actorId === admin.id && r.targetId === id)).toBe(true);

    const status = await rowsOf(async () => {
      expect((await t.as(admin.token).patch(`/api/admin/resources/users/${id}/status`, { status: 1 })).status).toBe(200);
    });
    expect(status).toMatchObject([{ action: 'user.status', before: { status: 'Nonaktif' }, after: { status: 'Aktif' } }]);

    const unlocked = await rowsOf(async () => {
      expect((await t.as(admin.token).delete(`/api/admin/resources/users/${id}/login-lock`)).status).toBe(200);
    });
    expect(unlocked).toMatchObject([{ action: 'user.unlock', targetId: id, summary: 'Guru Guru Audit (siswaaudit)' }]);

    const deleted = await rowsOf(async () => {
      expect((await t.as(admin.token).delete(`/api/admin/resources/users/${id}`)).status).toBe(200);
    });
    expect(deleted).toMatchObject([{ action: 'user.delete', targetId: id, after: null }]);
    expect(deleted[0]!.before).toMatchObject({ name: 'Guru Audit', role: 'Guru' });
    // The deleted user's rows stay.
    const kept = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetType} = 'user' and ${auditLog.targetId} = ${id}`);
    expect(kept.length).toBe(8);
  });

  it('keeps the rows of an actor whose account is deleted, with their name', async () => {
    const gone = await t.factory.admin({ name: 'Admin Yang Pergi' });
    const target = await t.factory.student();
    await t.as(gone.token).patch(`/api/admin/resources/users/${target.id}/status`, { status: 0 });
    expect((await t.as(admin.token).delete(`/api/admin/resources/users/${gone.id}`)).status).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.actorId} = ${gone.id}`);
    expect(rows).toMatchObject([{ actorName: 'Admin Yang Pergi', action: 'user.status' }]);
  });

  it('records a bulk action as one row per user, a reset without any password', async () => {
    const a = await t.factory.student({ name: 'Andi Massal' });
    const b = await t.factory.student({ name: 'Budi Massal' });
    const off = await rowsOf(async () => {
      expect((await t.as(admin.token).post('/api/admin/resources/users/bulk', { ids: [a.id, b.id], action: 'deactivate' })).status).toBe(
        200,
      );
    });
    expect(off.map((r) => [r.action, r.targetId, r.before, r.after])).toEqual([
      ['users.bulk', a.id, { action: 'deactivate', status: 'Aktif' }, { action: 'deactivate', status: 'Nonaktif' }],
      ['users.bulk', b.id, { action: 'deactivate', status: 'Aktif' }, { action: 'deactivate', status: 'Nonaktif' }],
    ]);
    expect(off[0]!.summary).toBe(`Siswa Andi Massal (${a.username}) — Nonaktifkan`);
    const reset = await rowsOf(async () => {
      expect((await t.as(admin.token).post('/api/admin/resources/users/bulk', { ids: [a.id], action: 'reset_password' })).status).toBe(200);
    });
    expect(reset).toMatchObject([
      { action: 'users.bulk', targetId: a.id, after: { action: 'reset_password', must_change_password: true, password: 'diganti' } },
    ]);
  });
});

describe('audit log: imports, promotion, rombels, words, backups', () => {
  it('records the run of an import (not its preview)', async () => {
    const csv = Buffer.from('Nama;Peran\nSiswa Impor Audit;Siswa\n');
    const form = () => multipartBody({}, { file: { name: 'impor.csv', data: csv } });
    const preview = await rowsOf(async () => {
      const { payload, contentType } = form();
      expect(
        (await t.as(admin.token).request('POST', '/api/admin/imports/users/preview', payload, { 'content-type': contentType })).status,
      ).toBe(200);
    });
    expect(preview).toEqual([]);
    let importId = 0;
    const run = await rowsOf(async () => {
      const { payload, contentType } = form();
      const res = await t.as(admin.token).request('POST', '/api/admin/imports/users', payload, { 'content-type': contentType });
      expect(res.status).toBe(202);
      importId = res.body.data.id;
    });
    expect(run).toMatchObject([{ action: 'import.run', targetType: 'import', targetId: importId, after: { created: 1, updated: 0 } }]);
    // Let the job finish before the app closes.
    for (let i = 0; i < 200; i++) {
      const job = await t.as(admin.token).get(`/api/admin/imports/${importId}`);
      if (job.body.data.status === 'done' || job.body.data.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('records rombel create, edit and delete, and a promotion', async () => {
    const created = await rowsOf(() =>
      t.as(admin.token).post('/api/admin/resources/rombel-classes', { department_id: 1, name: 'X TKJ Audit', grade: 10 }),
    );
    expect(created).toMatchObject([
      { action: 'rombel.create', summary: 'Rombel X TKJ Audit', before: null, after: { name: 'X TKJ Audit', grade: 10 } },
    ]);
    const id = created[0]!.targetId!;
    const edited = await rowsOf(() =>
      t.as(admin.token).put(`/api/admin/resources/rombel-classes/${id}`, { department_id: 1, name: 'XI TKJ Audit', grade: 11 }),
    );
    expect(edited).toMatchObject([
      { action: 'rombel.update', before: { name: 'X TKJ Audit', grade: 10 }, after: { name: 'XI TKJ Audit', grade: 11 } },
    ]);
    const promoted = await rowsOf(async () => {
      const res = await t.as(admin.token).post('/api/admin/promotion', { mappings: [{ from_rombel_id: id, to: 'lulus' }] });
      expect(res.status).toBe(200);
    });
    expect(promoted).toMatchObject([
      {
        action: 'promotion.run',
        summary: 'XI TKJ Audit → Lulus',
        after: { mappings: ['XI TKJ Audit → Lulus'], moved: 0, graduated: 0, archived: 0 },
      },
    ]);
    const deleted = await rowsOf(() => t.as(admin.token).delete(`/api/admin/resources/rombel-classes/${id}`));
    expect(deleted).toMatchObject([{ action: 'rombel.delete', targetId: id, before: { name: 'XI TKJ Audit' }, after: null }]);
  });

  it('records motivational words', async () => {
    const created = await rowsOf(() =>
      t.as(admin.token).post('/api/admin/resources/motivational-words', { title: 'Semangat', body: 'Terus belajar.', from: 'Guru' }),
    );
    expect(created).toMatchObject([{ action: 'word.create', after: { title: 'Semangat' } }]);
    const id = created[0]!.targetId!;
    const edited = await rowsOf(() =>
      t
        .as(admin.token)
        .put(`/api/admin/resources/motivational-words/${id}`, { title: 'Semangat pagi', body: 'Terus belajar.', from: 'Guru' }),
    );
    expect(edited).toMatchObject([{ action: 'word.update', before: { title: 'Semangat' }, after: { title: 'Semangat pagi' } }]);
    const deleted = await rowsOf(() => t.as(admin.token).delete(`/api/admin/resources/motivational-words/${id}`));
    expect(deleted).toMatchObject([{ action: 'word.delete', before: { title: 'Semangat pagi' } }]);
  });

  it('records a backup download', async () => {
    const rows = await rowsOf(async () => {
      const res = await t.as(admin.token).get('/api/admin/backup');
      expect(res.status).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'backup.download', targetType: 'backup', actorId: admin.id });
    expect(rows[0]!.summary).toMatch(/^kelasku-cadangan-\d{8}-\d{4}\.tar\.gz$/);
  });
});

describe('audit log: grade changes', () => {
  it('records an assignment grade and its regrade, score and feedback before → after', async () => {
    const s = scene;
    const assignment = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Tugas Audit' });
    const sub = await t.factory.submission(assignment.id, s.student.id);
    const base = `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/assignments/${assignment.id}`;
    const first = await rowsOf(() =>
      t.as(s.teacher.token).post(`${base}/grade`, { student_id: s.student.id, score: 70, revision: sub.revision }),
    );
    expect(first).toMatchObject([
      {
        action: 'grade.assignment',
        actorId: s.teacher.id,
        actorRole: 'teacher',
        targetType: 'submission',
        targetId: sub.id,
        summary: `Tugas "Tugas Audit" — ${s.student.name}`,
        before: { score: null, feedback: null },
        after: { score: 70, feedback: null },
      },
    ]);
    const again = await rowsOf(() =>
      t.as(s.teacher.token).post(`${base}/grade`, { student_id: s.student.id, score: 85, feedback: 'Bagus', revision: sub.revision }),
    );
    expect(again).toMatchObject([{ before: { score: 70, feedback: null }, after: { score: 85, feedback: 'Bagus' } }]);
    // A refused grade (stale revision) writes no row.
    const refused = await rowsOf(async () => {
      expect(
        (await t.as(s.teacher.token).post(`${base}/grade`, { student_id: s.student.id, score: 10, revision: sub.revision + 5 })).status,
      ).toBe(409);
    });
    expect(refused).toEqual([]);

    // The teacher's grade history of that submission; another teacher 404, a student 403.
    const history = await t.as(s.teacher.token).get(`${base}/students/${s.student.id}/grade-history`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((e: any) => [e.action_label, e.actor.name, e.before.score, e.after.score])).toEqual([
      ['Menilai tugas', s.teacher.name, null, 70],
      ['Menilai tugas', s.teacher.name, 70, 85],
    ]);
    expect(history.body.data[0].ip).toBeNull();
    expect((await t.as(s.otherTeacher.token).get(`${base}/students/${s.student.id}/grade-history`)).status).toBe(404);
    expect((await t.as(s.student.token).get(`${base}/students/${s.student.id}/grade-history`)).status).toBe(403);
    expect((await t.as(s.teacher.token).get(`${base}/students/${s.outsider.id}/grade-history`)).status).toBe(404);
  });

  it('records a quiz hand grade, an override and a regrade; the attempt history follows them', async () => {
    const s = scene;
    const category = await t.factory.questionCategory(s.teacher.id);
    const essay = await t.factory.question(category.id, s.teacher.id, { type: 'essay', points: 10 });
    const choice = await t.factory.question(category.id, s.teacher.id, { points: 2 });
    const quiz = await t.factory.quiz(s.content.id, s.teacher.id, [essay.id, choice.id], { title: 'Kuis Audit' });
    const attempt = await t.factory.quizAttempt(quiz.id, s.student.id, [essay.id, choice.id], {
      score: 0,
      maxScore: 12,
      answers: { [essay.id]: { text: 'Jawaban' }, [choice.id]: { option: 'o1' } },
    });
    // The factory saves auto points 0 for both; an essay has none.
    await t.db.execute(sql`update quiz_answers set auto_points = null where attempt_id = ${attempt.id} and question_id = ${essay.id}`);
    const base = `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/quizzes/${quiz.id}`;

    const regraded = await rowsOf(async () => expect((await t.as(s.teacher.token).post(`${base}/regrade`, {})).status).toBe(200));
    // The choice was right: 0 → 2 points, the score follows (the essay still waits: null).
    expect(regraded).toMatchObject([
      {
        action: 'grade.regrade',
        targetType: 'quiz_attempt',
        targetId: attempt.id,
        before: { score: 0 },
        after: { score: null },
      },
    ]);
    expect(regraded[0]!.after).not.toHaveProperty('max_score');
    expect(regraded[0]!.summary).toBe(`Kuis "Kuis Audit" percobaan 1 — ${s.student.name}`);

    const essayGrade = await rowsOf(() =>
      t.as(s.teacher.token).put(`${base}/attempts/${attempt.id}/answers/${essay.id}/grade`, { points: 7, feedback: 'Cukup' }),
    );
    expect(essayGrade).toMatchObject([
      { action: 'grade.quiz', before: { points: null, feedback: null, score: null }, after: { points: 7, feedback: 'Cukup', score: 9 } },
    ]);
    const override = await rowsOf(() =>
      t.as(s.teacher.token).put(`${base}/attempts/${attempt.id}/answers/${choice.id}/grade`, { points: 1 }),
    );
    expect(override).toMatchObject([{ action: 'grade.override', before: { points: 2, score: 9 }, after: { points: 1, score: 8 } }]);

    // A second regrade changes nothing (hand grades stay): no row.
    expect(await rowsOf(() => t.as(s.teacher.token).post(`${base}/regrade`, {}))).toEqual([]);

    const history = await t.as(s.teacher.token).get(`${base}/attempts/${attempt.id}/grade-history`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((e: any) => e.action_label)).toEqual([
      'Menilai ulang kuis',
      'Menilai jawaban kuis',
      'Mengubah nilai otomatis kuis',
    ]);
    expect((await t.as(s.otherTeacher.token).get(`${base}/attempts/${attempt.id}/grade-history`)).status).toBe(404);
    expect((await t.as(s.student.token).get(`${base}/attempts/${attempt.id}/grade-history`)).status).toBe(403);
    expect((await t.as(admin.token).get(`${base}/attempts/${attempt.id}/grade-history`)).status).toBe(403);
  });
});

describe('audit log: what it never keeps, and that it is append-only', () => {
  it('holds no password, hash, token or slip in any row', async () => {
    const rows = await t.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(20);
    const text = JSON.stringify(rows);
    for (const secret of [
      'RahasiaSekali9',
      'PasswordBaru99',
      'rahasia1',
      '$argon2',
      admin.token,
      'credentials',
      'password_hash',
      'passwordHash',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // The reset rows say that a password was set, never which.
    expect(
      rows.filter((r) => JSON.stringify(r.after ?? {}).includes('"password"')).every((r) => (r.after as any).password === 'diganti'),
    ).toBe(true);
  });

  it('strips secret keys at any depth before a row is written', () => {
    const given = {
      name: 'Budi',
      password: 'rahasia',
      passwordHash: '$argon2id$x',
      token: 'abc',
      must_change_password: true,
      nested: { credentials: [{ username: 'budi', password: 'x' }], list: [{ slip: 'a', ok: 1 }], api_secret: 's' },
    };
    expect(withoutSecrets(given)).toEqual({ name: 'Budi', must_change_password: true, nested: { list: [{ ok: 1 }] } });
    expect(withoutSecrets({ password: AUDIT_MSG.passwordSet })).toEqual({ password: 'diganti' });
  });

  it('has no code path that updates or deletes a row', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts')) {
          const text = fs.readFileSync(p, 'utf8');
          if (/(update|delete)\(\s*auditLog\b/.test(text) || /(update|delete\s+from|truncate)\s+"?audit_log\b/i.test(text))
            offenders.push(p);
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});

describe('audit log: the admin screen API', () => {
  it('filters by who, action and WIB dates, pages on the server, and answers admins only', async () => {
    const actor = await t.factory.admin({ name: 'Pak Penyaring' });
    const target = await t.factory.student();
    for (let i = 0; i < 3; i++) await t.as(actor.token).patch(`/api/admin/resources/users/${target.id}/status`, { status: i % 2 });
    await t.as(actor.token).delete(`/api/admin/resources/users/${target.id}/login-lock`);
    // One row of the filter's actor, dated yesterday in WIB.
    await t.db.execute(
      sql`update audit_log set at = now() - interval '1 day' where id = (select min(id) from audit_log where actor_id = ${actor.id})`,
    );

    const list = (q: string) => t.as(admin.token).get(`/api/admin/audit-log?${q}`);
    const mine = await list('actor=penyaring');
    expect(mine.status).toBe(200);
    expect(mine.body.meta).toEqual({ page: 1, per_page: 50, total: 4, last_page: 1 });
    expect(mine.body.data[0]).toMatchObject({
      action: 'user.unlock',
      action_label: 'Membuka kunci akun',
      actor: { id: actor.id, name: 'Pak Penyaring', role: 'Admin' },
      ip: '127.0.0.1',
    });
    // By username too.
    expect((await list(`actor=${actor.username}`)).body.meta.total).toBe(4);
    expect((await list('actor=penyaring&action=user.status')).body.meta.total).toBe(3);
    const wibToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const wibYesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date(Date.now() - 86_400_000));
    expect((await list(`actor=penyaring&from=${wibToday}`)).body.meta.total).toBe(3);
    expect((await list(`actor=penyaring&from=${wibYesterday}&to=${wibYesterday}`)).body.meta.total).toBe(1);
    // Pages of 2, newest first.
    const p1 = await list('actor=penyaring&per_page=2&page=1');
    const p2 = await list('actor=penyaring&per_page=2&page=2');
    expect(p1.body.meta).toMatchObject({ total: 4, last_page: 2 });
    expect([...p1.body.data, ...p2.body.data].map((e: any) => e.id)).toEqual(mine.body.data.map((e: any) => e.id));
    // Bad filters are 422 with the field named.
    const bad = await list(`from=${wibToday}&to=${wibYesterday}`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.to).toEqual([AUDIT_MSG.dateRange]);
    expect((await list('action=user.hack')).body.errors.action).toEqual([AUDIT_MSG.actionUnknown]);
    expect((await list('from=2026-02-31')).status).toBe(422);

    for (const who of [scene.teacher, scene.student]) {
      expect((await t.as(who.token).get('/api/admin/audit-log')).status).toBe(403);
      expect((await t.as(who.token).get('/api/admin/audit-log.xlsx')).status).toBe(403);
    }
    expect((await t.as(null).get('/api/admin/audit-log')).status).toBe(401);
  });

  it('exports the filtered rows as XLSX, read back with exceljs', async () => {
    const res = await t.as(admin.token).get('/api/admin/audit-log.xlsx?actor=penyaring&action=user.status');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('log-aktivitas.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Log aktivitas')!;
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Waktu (WIB)', 'Pelaku', 'Peran', 'Alamat IP', 'Aktivitas', 'Sasaran', 'Perubahan']);
    expect(ws.actualRowCount).toBe(4);
    const row = values(2);
    expect(row[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}\.\d{2}\.\d{2} WIB$/);
    expect(row.slice(1, 5)).toEqual(['Pak Penyaring', 'Admin', '127.0.0.1', 'Mengubah status pengguna']);
    expect(row[6]).toMatch(/^Status: (Aktif → Nonaktif|Nonaktif → Aktif)$/);
    // A filter that matches nothing: the header alone.
    const none = await t.as(admin.token).get('/api/admin/audit-log.xlsx?actor=tidakadaorangini');
    const empty = new ExcelJS.Workbook();
    await empty.xlsx.load(none.raw.rawPayload as unknown as ArrayBuffer);
    expect(empty.getWorksheet('Log aktivitas')!.actualRowCount).toBe(1);
  });
});
