/**
 * Issue 40: parent accounts. A student makes a pairing code; a parent checks it and signs up with
 * it (or, signed in, pairs another child); the wali kelas creates parents and prints their slips;
 * an admin sees and removes links. A child has at most three parents, also under parallel sign-ups;
 * the parent area stays closed until the privacy notice is accepted.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';
import { IMPORT_MSG, MSG, PAIRING_CODE_DAYS, PARENT_MSG } from '@kelasku/contract';
import { auditLog, homerooms, notifications, pairingCodes, parentLinks, parents, semesters, userImports, users } from '../src/db/schema.js';
import { PAIRING_LIMITS } from '../src/features/parent-accounts/codes.js';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';

const t = useTestApp();

let ipSeq = 0;
/** A public call from an address of its own (failed code look-ups are counted per address). */
async function pub(url: string, body: unknown, ip = `198.18.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`) {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() };
}

const check = (code: string, ip?: string) => pub('/api/pairing-codes/check', { code }, ip);
let userSeq = 0;
const signupBody = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  relation: 'ibu',
  name: 'Siti Aminah',
  username: `ibu.siti${++userSeq}`,
  password: 'rahasia123',
  confirm_password: 'rahasia123',
  telpon: '0812-3456-7890',
  email: null,
  ...over,
});
const signup = (code: string, over: Record<string, unknown> = {}) => pub('/api/parent-signup', signupBody(code, over));

async function makeCode(student: TestUser): Promise<string> {
  const res = await t.as(student.token).post('/api/student/pairing-code');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.code as string;
}

const linksOf = (studentId: number) => t.db.select().from(parentLinks).where(eq(parentLinks.studentId, studentId));

async function activeSemesterId(): Promise<number> {
  const [row] = await t.db.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  return row!.id;
}

/** A rombel with a student and its wali kelas this semester. */
async function homeroomScene() {
  const rombel = await t.factory.rombel();
  const teacher = await t.factory.teacher();
  const student = await t.factory.student({ rombelId: rombel.id, name: 'Andi Pratama' });
  await t.db.insert(homerooms).values({ semesterId: await activeSemesterId(), rombelClassId: rombel.id, teacherId: teacher.id });
  return { rombel, teacher, student };
}

/** The texts drawn on the PDF's pages (pdf-lib writes them as hex strings, in Flate streams). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  let out = '';
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)!) : [contents!];
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      const flate = s.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      const raw = Buffer.from(flate ? zlib.inflateSync(s.contents) : s.contents).toString('latin1');
      for (const m of raw.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out += `${Buffer.from(m[1]!, 'hex').toString('latin1')}\n`;
    }
  }
  return out;
}

describe('pairing codes of a student', () => {
  it('a student makes a code (shown once, 7 days), sees it without its text, and a new one replaces the unused one', async () => {
    const student = await t.factory.student();
    const empty = await t.as(student.token).get('/api/student/pairing');
    expect(empty.body.data).toEqual({ active_code: null, parents: [], max_parents: 3 });

    const res = await t.as(student.token).post('/api/student/pairing-code');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(PARENT_MSG.codeCreated);
    const code = res.body.data.code as string;
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const days = (Date.parse(res.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(PAIRING_CODE_DAYS - 0.01);
    expect(days).toBeLessThan(PAIRING_CODE_DAYS + 0.01);

    // Only the SHA-256 of the normalized code is kept.
    const rows = await t.db.select().from(pairingCodes).where(eq(pairingCodes.studentId, student.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toBe(createHash('sha256').update(code.replace('-', '')).digest('hex'));
    const seen = await t.as(student.token).get('/api/student/pairing');
    expect(seen.body.data.active_code).toEqual({ created_at: expect.any(String), expires_at: res.body.data.expires_at });
    expect(JSON.stringify(seen.body)).not.toContain(code);

    const again = await makeCode(student);
    expect((await check(code)).body).toEqual({ success: false, message: PARENT_MSG.codeInvalid });
    expect((await check(again)).status).toBe(200);
    expect(await t.db.select().from(pairingCodes).where(eq(pairingCodes.studentId, student.id))).toHaveLength(1);
  });

  it('a child with three parents gets no code (409); other roles get 403', async () => {
    const student = await t.factory.student();
    for (let i = 0; i < 3; i++) await t.factory.parent([student.id]);
    const res = await t.as(student.token).post('/api/student/pairing-code');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PARENT_MSG.tooManyParents);
    const pairing = await t.as(student.token).get('/api/student/pairing');
    expect(pairing.body.data.parents).toHaveLength(3);
    const parent = await t.factory.parent([student.id]);
    for (const who of [await t.factory.teacher(), await t.factory.admin(), parent]) {
      expect((await t.as(who.token).post('/api/student/pairing-code')).status).toBe(403);
      expect((await t.as(who.token).get('/api/student/pairing')).status).toBe(403);
    }
  });
});

describe('checking a code', () => {
  it('answers the child and rombel for the code typed with or without the dash, in any case', async () => {
    const rombel = await t.factory.rombel({ name: 'XI RPL 2' });
    const student = await t.factory.student({ rombelId: rombel.id, name: 'Dewi Lestari Putri' });
    const code = await makeCode(student);
    for (const typed of [code, code.replace('-', ''), code.toLowerCase(), ` ${code.toLowerCase().replace('-', ' ')} `]) {
      const res = await check(typed);
      expect(res.status, typed).toBe(200);
      expect(res.body.data).toEqual({ student_first_name: 'Dewi', rombel_name: 'XI RPL 2', expires_at: expect.any(String) });
    }
  });

  it('refuses an unknown code, another format, an empty one, an expired one and a deactivated child', async () => {
    const student = await t.factory.student();
    const code = await makeCode(student);
    for (const bad of ['ABCD-EFGH', '12345678', 'ABCD-EFG0', 'ABCDEFGHJ', 'IL10-OOOO']) {
      expect(await check(bad), bad).toEqual({ status: 404, body: { success: false, message: PARENT_MSG.codeInvalid } });
    }
    const empty = await check('  ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.code).toEqual([PARENT_MSG.codeRequired]);
    await t.db
      .update(pairingCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pairingCodes.studentId, student.id));
    expect(await check(code)).toEqual({ status: 410, body: { success: false, message: PARENT_MSG.codeExpired } });
    expect((await signup(code)).body.message).toBe(PARENT_MSG.codeExpired);

    const gone = await t.factory.student();
    const goneCode = await makeCode(gone);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, gone.id));
    expect((await check(goneCode)).status).toBe(404);
  });

  it('an address guessing codes gets 429 with an Indonesian message; a found code is not counted', async () => {
    const student = await t.factory.student();
    const code = await makeCode(student);
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await check(code, ip)).status).toBe(200);
    for (let i = 0; i < PAIRING_LIMITS.perAddress; i++)
      expect((await check(`ZZZZ-ZZ${'23456789'[i % 8]}${i % 2 ? 'A' : 'B'}`, ip)).status).toBe(404);
    expect(await check('ZZZZ-ZZZZ', ip)).toEqual({ status: 429, body: { success: false, message: PARENT_MSG.codeRateLimited } });
    expect((await pub('/api/parent-signup', signupBody(code), ip)).status).toBe(429);
    // Another address is not held back.
    expect((await check(code, '203.0.113.78')).status).toBe(200);
  });
});

describe('signing up with a code', () => {
  it('creates the parent, links the child, uses the code, signs in; audit and the child notified', async () => {
    const student = await t.factory.student({ name: 'Rina Wulandari' });
    const code = await makeCode(student);
    const res = await signup(code.toLowerCase(), { username: 'Ibu.Rina', email: 'rina.ibu@contoh.id' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(PARENT_MSG.signedUp);
    expect(res.body.data.user).toMatchObject({ name: 'Siti Aminah', username: 'Ibu.Rina', role: 'parent', must_change_password: false });
    const id = res.body.data.user.id as number;

    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ roleId: 4, status: 1, telpon: '0812-3456-7890', email: 'rina.ibu@contoh.id' });
    expect((await t.db.select().from(parents).where(eq(parents.userId, id)))[0]!.privacyAcceptedAt).toBeNull();
    expect(await linksOf(student.id)).toEqual([expect.objectContaining({ parentId: id, relation: 'ibu', source: 'pairing' })]);
    const [used] = await t.db.select().from(pairingCodes).where(eq(pairingCodes.studentId, student.id));
    expect(used!.usedAt).not.toBeNull();
    expect(used!.usedBy).toBe(id);

    const me = await t.as(res.body.data.token).get('/api/me');
    expect(me.body.data).toMatchObject({ id, role: 'parent', role_id: 4 });
    const login = await t.as().post('/api/login', { username: 'ibu.rina', password: 'rahasia123' });
    expect(login.status).toBe(200);
    expect(login.body.data.user.role).toBe('parent');

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'parent.link')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: id, targetType: 'parent_link', actorRole: 'parent' });
    expect(entry!.after).toMatchObject({ student_id: student.id, parent_id: id, relation: 'ibu', source: 'pairing' });
    expect(JSON.stringify(entry)).not.toContain('rahasia123');
    expect(JSON.stringify(entry).toUpperCase()).not.toContain(code.replace('-', ''));
    const texts = await t.as(student.token).get('/api/notifications');
    expect(texts.body.data.items.map((n: { text: string }) => n.text)).toContain(
      'Siti Aminah (Ibu) sekarang terhubung sebagai orang tua/wali kamu',
    );

    // The same code a second time.
    expect((await signup(code)).body).toEqual({ success: false, message: PARENT_MSG.codeUsed });
    expect((await check(code)).status).toBe(410);
  });

  it('refuses a username taken (422 on username), a password mismatch, a bad relation; nothing is written', async () => {
    const student = await t.factory.student();
    const code = await makeCode(student);
    const taken = await t.factory.teacher();
    const res = await signup(code, { username: taken.username.toUpperCase() });
    expect(res.status).toBe(422);
    expect(res.body.errors.username).toEqual([MSG.usernameTaken]);
    const mismatch = await signup(code, { confirm_password: 'lain12345' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.confirm_password).toEqual(['Konfirmasi password tidak sama']);
    const relation = await signup(code, { relation: 'kakek' });
    expect(relation.body.errors.relation).toEqual([PARENT_MSG.relationInvalid]);
    expect(await linksOf(student.id)).toEqual([]);
    expect((await check(code)).status).toBe(200);
  });

  it('a fourth parent is refused (409) and the code stays unused', async () => {
    const student = await t.factory.student();
    const code = await makeCode(student);
    for (let i = 0; i < 3; i++) await t.factory.parent([student.id]);
    const res = await signup(code, { username: 'ayah.keempat' });
    expect(res).toEqual({ status: 409, body: { success: false, message: PARENT_MSG.tooManyParents } });
    expect(await t.db.select().from(users).where(eq(users.username, 'ayah.keempat'))).toEqual([]);
    expect((await check(code)).status).toBe(200);
  });

  it('two parallel sign-ups for the last free place: exactly one wins; two with one code: exactly one wins', async () => {
    const student = await t.factory.student();
    for (let i = 0; i < 2; i++) await t.factory.parent([student.id]);
    const first = await makeCode(student);
    // A second unused code of the same child (as if made on another device just before).
    const second = 'K7P2-XM4Q';
    await t.db.insert(pairingCodes).values({
      studentId: student.id,
      codeHash: createHash('sha256').update('K7P2XM4Q').digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const results = await Promise.all([signup(first), signup(second)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(PARENT_MSG.tooManyParents);
    expect(await linksOf(student.id)).toHaveLength(3);

    const other = await t.factory.student();
    const one = await makeCode(other);
    const both = await Promise.all([signup(one), signup(one)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 410]);
    expect(await linksOf(other.id)).toHaveLength(1);
  });
});

describe('the privacy notice and the signed-in parent pairing a child', () => {
  it('every other parent route is 403 until the notice is accepted; then pairing a sibling works', async () => {
    const first = await t.factory.student();
    const sibling = await t.factory.student({ name: 'Bayu Saputra' });
    const res = await signup(await makeCode(first), { relation: 'ayah' });
    const parent = t.as(res.body.data.token);
    const code = await makeCode(sibling);
    const refused = { success: false, message: PARENT_MSG.privacyRequired };
    expect((await parent.post('/api/parent/children', { code, relation: 'ayah' })).body).toEqual(refused);
    expect((await parent.get('/api/parent/children')).status).toBe(403);
    expect((await parent.get('/api/parent/no-such-page')).status).toBe(403);
    expect((await check(code)).status).toBe(200);

    const privacy = await parent.get('/api/parent/privacy');
    expect(privacy.status).toBe(200);
    expect(privacy.body.data.accepted_at).toBeNull();
    const text = JSON.stringify(privacy.body.data.sections);
    for (const words of ['Nomor HP', 'wali kelas', 'admin sekolah', 'Nomor 27 Tahun 2022', 'Pelindungan Data Pribadi', 'menghapus']) {
      expect(text.toLowerCase()).toContain(words.toLowerCase());
    }
    const accepted = await parent.post('/api/parent/privacy/accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe(PARENT_MSG.privacyAccepted);
    expect(accepted.body.data.accepted_at).toEqual(expect.any(String));
    // Accepting again keeps the first time.
    expect((await parent.post('/api/parent/privacy/accept')).body.data.accepted_at).toBe(accepted.body.data.accepted_at);

    const paired = await parent.post('/api/parent/children', { code, relation: 'ayah' });
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
    expect(paired.body.message).toBe(PARENT_MSG.paired);
    expect(paired.body.data).toMatchObject({ id: sibling.id, name: 'Bayu Saputra', relation: 'ayah', rombel: { id: 1 } });
    expect(await linksOf(sibling.id)).toEqual([expect.objectContaining({ parentId: res.body.data.user.id, source: 'pairing' })]);
  });

  it('a code of a child already linked is 409 (code unused), a fourth parent 409; a student and a teacher get 403', async () => {
    const child = await t.factory.student();
    const parent = await t.factory.parent([child.id]);
    const code = await makeCode(child);
    expect((await t.as(parent.token).post('/api/parent/children', { code, relation: 'ibu' })).body).toEqual({
      success: false,
      message: PARENT_MSG.alreadyLinked,
    });
    expect((await check(code)).status).toBe(200);

    const full = await t.factory.student();
    const fullCode = await makeCode(full);
    for (let i = 0; i < 3; i++) await t.factory.parent([full.id]);
    expect((await t.as(parent.token).post('/api/parent/children', { code: fullCode, relation: 'ibu' })).status).toBe(409);

    const fresh = await makeCode(await t.factory.student());
    for (const who of [await t.factory.student(), await t.factory.teacher(), await t.factory.admin()]) {
      const res = await t.as(who.token).post('/api/parent/children', { code: fresh, relation: 'ibu' });
      expect(res.status).toBe(403);
    }
    expect((await check(fresh)).status).toBe(200);
    expect((await t.as(parent.token).post('/api/parent/children', { code: 'ABCD-EFGH', relation: 'ibu' })).status).toBe(404);
  });
});

describe('the wali kelas and a student’s parents', () => {
  it('lists and creates parents (username from the NISN, -2 when taken), the first password signs in once', async () => {
    const { rombel, teacher, student } = await homeroomScene();
    const url = `/api/teacher/homerooms/${rombel.id}/students/${student.id}/parents`;
    const res = await t.as(teacher.token).post(url, { name: 'Sri Handayani', relation: 'ibu', telpon: '081234567890' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(PARENT_MSG.parentCreated);
    expect(res.body.data.username).toBe(`ibu.${student.nisn}`);
    expect(res.body.data.password).toMatch(/^[a-z2-9]{8}$/);
    expect(res.body.data.contact).toMatchObject({
      relation: 'ibu',
      source: 'homeroom',
      active: false,
      parent: { telpon: '0812-3456-7890' },
    });
    const again = await t.as(teacher.token).post(url, { name: 'Ibu Tiri', relation: 'ibu' });
    expect(again.body.data.username).toBe(`ibu.${student.nisn}-2`);

    const list = await t.as(teacher.token).get(url);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { parent: { name: string } }) => c.parent.name)).toEqual(['Sri Handayani', 'Ibu Tiri']);

    const login = await t.as().post('/api/login', { username: res.body.data.username, password: res.body.data.password });
    expect(login.body.data.user).toMatchObject({ role: 'parent', must_change_password: true });
    // Until the new password is set, the parent area is closed like every other.
    const flagged = await t.as(login.body.data.token).get('/api/parent/privacy');
    expect(flagged.body).toEqual({ success: false, message: MSG.passwordChangeRequired });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'parent.link'), eq(auditLog.actorId, teacher.id)))
      .limit(1);
    expect(entry!.after).toMatchObject({ student_id: student.id, relation: 'ibu', source: 'homeroom' });
    expect(JSON.stringify(entry)).not.toContain(res.body.data.password);

    await t.as(teacher.token).post(url, { name: 'Pak Wali', relation: 'wali' });
    const fourth = await t.as(teacher.token).post(url, { name: 'Kakek', relation: 'wali' });
    expect(fourth.body).toEqual({ success: false, message: PARENT_MSG.tooManyParents });
  });

  it('another rombel, a student not in the rombel, another teacher: 404; other roles 403', async () => {
    const a = await homeroomScene();
    const b = await homeroomScene();
    const outsider = await t.factory.student();
    const body = { name: 'Sri Handayani', relation: 'ibu' };
    const urls = [
      `/api/teacher/homerooms/${b.rombel.id}/students/${b.student.id}/parents`,
      `/api/teacher/homerooms/${a.rombel.id}/students/${outsider.id}/parents`,
      `/api/teacher/homerooms/${a.rombel.id}/students/${b.student.id}/parents`,
      `/api/teacher/homerooms/${b.rombel.id}/parent-slips`,
    ];
    for (const url of urls) {
      expect((await t.as(a.teacher.token).get(url)).status, url).toBe(404);
      if (!url.endsWith('slips')) expect((await t.as(a.teacher.token).post(url, body)).status, url).toBe(404);
    }
    const plain = await t.factory.teacher();
    expect((await t.as(plain.token).get(`/api/teacher/homerooms/${a.rombel.id}/students/${a.student.id}/parents`)).status).toBe(404);
    const parent = await t.factory.parent([a.student.id]);
    for (const who of [a.student, await t.factory.admin(), parent]) {
      expect((await t.as(who.token).get(`/api/teacher/homerooms/${a.rombel.id}/students/${a.student.id}/parents`)).status).toBe(403);
    }
    expect(await linksOf(b.student.id)).toEqual([]);
  });

  it('the slips PDF holds the first passwords of the parents the caller made, until their first sign-in (then 410)', async () => {
    const { rombel, teacher, student } = await homeroomScene();
    const slipsUrl = `/api/teacher/homerooms/${rombel.id}/parent-slips`;
    expect((await t.as(teacher.token).get(slipsUrl)).body).toEqual({ success: false, message: IMPORT_MSG.slipsGone });
    const made = await t.as(teacher.token).post(`/api/teacher/homerooms/${rombel.id}/students/${student.id}/parents`, {
      name: 'Sri Handayani',
      relation: 'ibu',
    });
    const pdf = await t.as(teacher.token).get(slipsUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.raw.rawPayload);
    expect(text).toContain(made.body.data.username);
    expect(text).toContain(made.body.data.password);
    expect(text).toContain(`Orang Tua - Ibu dari Andi Pratama (${rombel.name})`);
    // Another wali kelas's rombel has none of them.
    const other = await homeroomScene();
    expect((await t.as(other.teacher.token).get(`/api/teacher/homerooms/${other.rombel.id}/parent-slips`)).status).toBe(410);

    await t.as().post('/api/login', { username: made.body.data.username, password: made.body.data.password });
    expect((await t.as(teacher.token).get(slipsUrl)).status).toBe(410);

    // A slip older than 7 days is gone too, also before the sweep ran.
    await t
      .as(teacher.token)
      .post(`/api/teacher/homerooms/${rombel.id}/students/${student.id}/parents`, { name: 'Pak Budi', relation: 'ayah' });
    expect((await t.as(teacher.token).get(slipsUrl)).status).toBe(200);
    await t.db
      .update(userImports)
      .set({ finishedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(and(eq(userImports.createdBy, teacher.id), isNotNull(userImports.credentials)));
    expect((await t.as(teacher.token).get(slipsUrl)).status).toBe(410);
  });
});

describe('the admin and links', () => {
  it("lists a student's parents, unlinks one (the account stays, audited), 404 for unknown ids and non-students", async () => {
    const admin = await t.factory.admin();
    const student = await t.factory.student({ name: 'Lina Marlina' });
    const parent = await t.factory.parent([student.id], { relation: 'ayah', name: 'Joko Susilo' });
    const list = await t.as(admin.token).get(`/api/admin/students/${student.id}/parents`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ relation: 'ayah', source: 'admin', active: true, parent: expect.objectContaining({ id: parent.id }) }),
    ]);
    const linkId = list.body.data[0].link_id as number;
    expect((await t.as(admin.token).get(`/api/admin/students/${parent.id}/parents`)).status).toBe(404);
    expect((await t.as(admin.token).get('/api/admin/students/2147483000/parents')).status).toBe(404);

    const teacher = await t.factory.teacher();
    for (const who of [teacher, student, parent])
      expect((await t.as(who.token).delete(`/api/admin/parent-links/${linkId}`)).status).toBe(403);
    const res = await t.as(admin.token).delete(`/api/admin/parent-links/${linkId}`);
    expect(res.body).toEqual({ success: true, message: PARENT_MSG.unlinked });
    expect(await linksOf(student.id)).toEqual([]);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, parent.id))).toHaveLength(1);
    expect((await t.as(admin.token).delete(`/api/admin/parent-links/${linkId}`)).status).toBe(404);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'parent.unlink')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, targetId: linkId, targetType: 'parent_link' });
    expect(entry!.before).toMatchObject({ student_id: student.id, parent_id: parent.id, relation: 'ayah', parent: 'Joko Susilo' });
    // The admin's audit log reads it.
    const log = await t.as(admin.token).get('/api/admin/audit-log?action=parent.unlink');
    expect(log.status).toBe(200);
  });

  it('the user admin lists, shows, edits, deactivates, resets and deletes a parent ("Orang Tua", role=parent)', async () => {
    const admin = await t.factory.admin();
    const parent = await t.factory.parent([], { name: 'Orang Tua Uji' });
    const USERS = '/api/admin/resources/users';
    const list = await t.as(admin.token).get(`${USERS}?role=parent&per_page=100`);
    expect(list.status).toBe(200);
    const row = list.body.data.find((u: { id: number }) => u.id === parent.id);
    expect(row).toMatchObject({ role: 'parent', role_label: 'Orang Tua' });
    expect(list.body.data.every((u: { role: string }) => u.role === 'parent')).toBe(true);
    expect((await t.as(admin.token).get(`${USERS}/${parent.id}`)).body.data).toMatchObject({ role_label: 'Orang Tua' });
    const edit = await t.as(admin.token).put(`${USERS}/${parent.id}`, { name: 'Orang Tua Baru', username: parent.username, gender: 'P' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data).toMatchObject({ name: 'Orang Tua Baru', role: 'parent' });
    expect((await t.as(admin.token).patch(`${USERS}/${parent.id}/status`, { status: 0 })).status).toBe(200);
    expect((await t.as(parent.token).get('/api/parent/privacy')).status).toBe(401);
    expect((await t.as(admin.token).patch(`${USERS}/${parent.id}/status`, { status: 1 })).status).toBe(200);
    // A password reset puts the parent on the admin's slips as "Orang Tua".
    const reset = await t.as(admin.token).post(`${USERS}/bulk`, { action: 'reset_password', ids: [parent.id] });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const slips = await t.as(admin.token).get(`/api/admin/imports/${reset.body.data.import_id}/slips.pdf`);
    expect(slips.status).toBe(200);
    expect(await pdfText(slips.raw.rawPayload)).toContain('Orang Tua');
    // The generic create form stays roles 1–3.
    const create = await t.as(admin.token).post(USERS, { role: 4, name: 'X', username: 'ortu.x', password: 'rahasia123', gender: 'L' });
    expect(create.status).toBe(422);
    expect((await t.as(admin.token).delete(`${USERS}/${parent.id}`)).status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, parent.id))).toEqual([]);
  });
});

describe('notifications of a link', () => {
  it('the wali kelas making a parent tells the child', async () => {
    const { rombel, teacher, student } = await homeroomScene();
    await t
      .as(teacher.token)
      .post(`/api/teacher/homerooms/${rombel.id}/students/${student.id}/parents`, { name: 'Bambang', relation: 'ayah' });
    const rows = await t.db
      .select({ subject: notifications.subject, context: notifications.context })
      .from(notifications)
      .where(and(eq(notifications.userId, student.id), eq(notifications.kind, 'parent_linked')));
    expect(rows).toEqual([{ subject: 'Bambang', context: 'Ayah' }]);
  });
});
