/**
 * GET /api/files/{fileId}/link: the browser asks for a fresh signed link when the user clicks a file
 * (DECISIONS "Files"). Only for a file whose parent object the caller may see; 404 otherwise.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { users } from '../src/db/schema.js';
import { eq } from 'drizzle-orm';

const t = useTestApp();

const linkOf = (fileId: number | string) => `/api/files/${fileId}/link`;
const notFound = { success: false, message: MSG.notFound };

async function scene() {
  const s = await t.factory.classScene();
  const classmate = await t.factory.student({ rombelId: 1 });
  const material = await t.factory.material(s.content.id);
  const otherMaterial = await t.factory.material(s.otherContent.id);
  const assignment = await t.factory.assignment(s.content.id, s.teacher.id);
  const submission = await t.factory.submission(assignment.id, s.student.id);
  const otherAssignment = await t.factory.assignment(s.otherContent.id, s.otherTeacher.id);
  const otherSubmission = await t.factory.submission(otherAssignment.id, s.outsider.id);
  const avatar = await t.factory.file('foto.png', Buffer.from('png'), 'image/png');
  await t.db.update(users).set({ avatarFileId: avatar.id }).where(eq(users.id, s.outsider.id));
  const orphan = await t.factory.file('yatim.pdf');
  return { ...s, classmate, material, otherMaterial, submission, otherSubmission, avatarId: avatar.id, orphanId: orphan.id };
}

describe('GET /api/files/{fileId}/link', () => {
  it('gives each role exactly the files whose parent it may see; 404 for everything else', async () => {
    const s = await scene();
    const people = {
      admin: s.admin,
      teacher: s.teacher,
      otherTeacher: s.otherTeacher,
      student: s.student,
      classmate: s.classmate,
      outsider: s.outsider,
    };
    type Who = keyof typeof people;
    const files: Record<string, [fileId: number, allowed: Who[]]> = {
      'material of the class': [s.material.fileId, ['teacher', 'student', 'classmate']],
      "material of another teacher's class (another rombel)": [s.otherMaterial.fileId, ['otherTeacher', 'outsider']],
      'submission of the student': [s.submission.fileId, ['teacher', 'student']],
      "submission in another teacher's class": [s.otherSubmission.fileId, ['otherTeacher', 'outsider']],
      avatar: [s.avatarId, ['admin', 'teacher', 'otherTeacher', 'student', 'classmate', 'outsider']],
      'file of no object': [s.orphanId, []],
      'no such file': [2_147_483_000, []],
    };
    const wrong: string[] = [];
    for (const [what, [fileId, allowed]] of Object.entries(files)) {
      for (const [who, user] of Object.entries(people) as Array<[Who, { token: string }]>) {
        const res = await t.as(user.token).get(linkOf(fileId));
        const want = allowed.includes(who) ? 200 : 404;
        if (res.status !== want) wrong.push(`${what} as ${who}: ${res.status}, expected ${want}`);
        else if (want === 404 && JSON.stringify(res.body) !== JSON.stringify(notFound))
          wrong.push(`${what} as ${who}: ${JSON.stringify(res.body)}`);
        else if (want === 200) {
          expect(res.body).toEqual({
            success: true,
            data: { url: expect.stringMatching(new RegExp(`^/api/files/${fileId}\\?e=\\d+&s=[\\w-]{32}$`)) },
          });
          expect(res.headers['cache-control']).toBe('no-store');
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 without a session and 404 for a malformed id', async () => {
    const s = await scene();
    for (const token of [null, 'x'.repeat(43)]) {
      const res = await t.as(token).get(linkOf(s.material.fileId));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: MSG.unauthenticated });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await t.as(s.teacher.token).get(linkOf(id));
      expect(res.status, id).toBe(404);
    }
  });

  it('the link opens the file without a bearer header and lives at least FILE_URL_TTL from now', async () => {
    const s = await scene();
    const before = Math.floor(Date.now() / 1000);
    const res = await t.as(s.student.token).get(linkOf(s.material.fileId));
    const url: string = res.body.data.url;
    const exp = Number(new URL(url, 'http://x').searchParams.get('e'));
    expect(exp).toBeGreaterThanOrEqual(before + t.config.fileUrlTtl);
    expect(exp).toBeLessThanOrEqual(before + t.config.fileUrlTtl + 601);
    const file = await t.as().get(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('stops giving a link once the caller loses the parent: a student moved to another rombel, a deleted material', async () => {
    const s = await scene();
    expect((await t.as(s.classmate.token).get(linkOf(s.material.fileId))).status).toBe(200);
    const admin = s.admin;
    const moved = await t.as(admin.token).put(`/api/admin/resources/users/${s.classmate.id}`, {
      name: s.classmate.name,
      gender: 'L',
      username: s.classmate.username,
      email: s.classmate.email,
      rombel_id: 2,
    });
    expect(moved.status).toBe(200);
    expect((await t.as(s.classmate.token).get(linkOf(s.material.fileId))).status).toBe(404);
    expect((await t.as(s.classmate.token).get(linkOf(s.otherMaterial.fileId))).status).toBe(200);

    const gone = await t
      .as(s.teacher.token)
      .delete(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/materials/${s.material.id}`);
    expect(gone.status).toBe(200);
    expect((await t.as(s.teacher.token).get(linkOf(s.material.fileId))).status).toBe(404);
  });
});
