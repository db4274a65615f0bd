/**
 * GET /api/files/{fileId}/link: the browser asks for a fresh signed link when the user clicks a file
 * (DECISIONS "Files"). Only for a file whose parent object the caller may see; 404 otherwise.
 */
import { describe, expect, it } from 'vitest';
import { FILE_MSG, MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { onlineClasses, users } from '../src/db/schema.js';
import { eq } from 'drizzle-orm';

const t = useTestApp();

const linkOf = (fileId: number | string) => `/api/files/${fileId}/link`;
const notFound = { success: false, message: MSG.notFound };

async function scene() {
  const s = await t.factory.classScene();
  const classmate = await t.factory.student({ rombelId: 1 });
  const material = await t.factory.material(s.content.id);
  const otherMaterial = await t.factory.material(s.otherLesson.id);
  const assignment = await t.factory.assignment(s.content.id, s.teacher.id);
  const submission = await t.factory.submission(assignment.id, s.student.id);
  const otherAssignment = await t.factory.assignment(s.otherLesson.id, s.otherTeacher.id);
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
      for (const [who, user] of Object.entries(people) as Array<[Who, { token: string; id: number }]>) {
        const res = await t.as(user.token).get(linkOf(fileId));
        const want = allowed.includes(who) ? 200 : 404;
        if (res.status !== want) wrong.push(`${what} as ${who}: ${res.status}, expected ${want}`);
        else if (want === 404 && JSON.stringify(res.body) !== JSON.stringify(notFound))
          wrong.push(`${what} as ${who}: ${JSON.stringify(res.body)}`);
        else if (want === 200) {
          expect(res.body).toEqual({
            success: true,
            // The link names the user it is for: it opens only while they still see the parent.
            data: { url: expect.stringMatching(new RegExp(`^/api/files/${fileId}\\?e=\\d+&s=[\\w-]{32}&u=${user.id}$`)) },
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

/** Opens a signed link as a browser tab would (no bearer header): the status, and the page's text when it is HTML. */
async function openAsTab(url: string) {
  const res = await t.as().request('GET', url, undefined, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
  return { status: res.status, type: String(res.headers['content-type']), text: String(res.body) };
}

/**
 * A link stopped working: 404, the small Indonesian page to a tab ("Tautan file tidak valid…", or
 * "File ini sudah tidak ada…" once the file itself is gone) and the JSON envelope to a script.
 */
async function expectRefused(url: string, what: string, page: string = FILE_MSG.linkInvalidPage) {
  const tab = await openAsTab(url);
  expect(tab.status, what).toBe(404);
  expect(tab.type).toBe('text/html; charset=utf-8');
  expect(tab.text).toContain(page);
  const script = await t.as().get(url);
  expect(script.status, what).toBe(404);
  expect(script.body).toEqual(notFound);
}

async function expectOpens(url: string, what: string) {
  const res = await t.as().get(url);
  expect(res.status, what).toBe(200);
}

const lessonPath = (s: { klass: { id: number }; content: { id: number } }) =>
  `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}`;

describe('a signed link follows access when it is opened', () => {
  const changes: Array<[string, (s: Awaited<ReturnType<typeof scene>>) => Promise<void>, teacherKeeps: boolean, page?: string]> = [
    [
      'the material hidden',
      async (s) => {
        const res = await t.as(s.teacher.token).put(`${lessonPath(s)}/materials/${s.material.id}/visibility`, { hidden: true });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      },
      true,
    ],
    [
      'its content scheduled for tomorrow',
      async (s) => {
        const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
        const res = await t.as(s.teacher.token).put(`${lessonPath(s)}/visibility`, { hidden: false, publish_at: tomorrow });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      },
      true,
    ],
    [
      'the class archived (the year-end promotion)',
      async (s) => {
        await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
      },
      true,
    ],
    [
      'the material deleted',
      async (s) => {
        const res = await t.as(s.teacher.token).delete(`${lessonPath(s)}/materials/${s.material.id}`);
        expect(res.status).toBe(200);
      },
      false,
      FILE_MSG.fileGonePage,
    ],
  ];

  for (const [what, change, teacherKeeps, page] of changes) {
    it(`a material's link minted for a student stops working once ${what}`, async () => {
      const s = await scene();
      const studentLink: string = (await t.as(s.student.token).get(linkOf(s.material.fileId))).body.data.url;
      const teacherLink: string = (await t.as(s.teacher.token).get(linkOf(s.material.fileId))).body.data.url;
      // The link in the student's page (the content list) is minted for them too.
      const lessons = await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents`);
      const pageLink: string = lessons.body.data[0].materials[0].file;
      expect(pageLink).toMatch(new RegExp(`&u=${s.student.id}$`));
      for (const url of [studentLink, teacherLink, pageLink]) await expectOpens(url, `before: ${url}`);

      await change(s);

      await expectRefused(studentLink, `student, ${what}`, page);
      await expectRefused(pageLink, `student's page, ${what}`, page);
      if (teacherKeeps) await expectOpens(teacherLink, `teacher, ${what}`);
      else await expectRefused(teacherLink, `teacher, ${what}`, page);
      // Nor is another link given to the rombel's students.
      expect((await t.as(s.classmate.token).get(linkOf(s.material.fileId))).status).toBe(404);
    });
  }

  it('a link stops working when its user leaves the rombel or is deactivated; a submission stays its student’s', async () => {
    const s = await scene();
    const material: string = (await t.as(s.classmate.token).get(linkOf(s.material.fileId))).body.data.url;
    const own: string = (await t.as(s.student.token).get(linkOf(s.submission.fileId))).body.data.url;
    const graded: string = (await t.as(s.teacher.token).get(linkOf(s.submission.fileId))).body.data.url;
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    // Archived: the student's own hand-in stays theirs (DECISIONS), the teacher still grades it.
    await expectOpens(own, 'own submission of an archived class');
    await expectOpens(graded, 'teacher, submission of an archived class');
    await t.db.update(onlineClasses).set({ archivedAt: null }).where(eq(onlineClasses.id, s.klass.id));

    const moved = await t.as(s.admin.token).put(`/api/admin/resources/users/${s.classmate.id}`, {
      name: s.classmate.name,
      gender: 'L',
      username: s.classmate.username,
      email: s.classmate.email,
      rombel_id: 2,
    });
    expect(moved.status).toBe(200);
    await expectRefused(material, 'a student moved to another rombel');

    await t.db.update(users).set({ status: 0 }).where(eq(users.id, s.student.id));
    await expectRefused(own, 'a deactivated student');
    await expectOpens(graded, 'the teacher of a deactivated student');
  });

  it('a question image opens for its teacher, and for a student only while the quiz of their attempt is shown', async () => {
    const s = await scene();
    const image = await t.factory.file('gambar.png', Buffer.from('png'), 'image/png');
    const category = await t.factory.questionCategory(s.teacher.id);
    const question = await t.factory.question(category.id, s.teacher.id, { imageFileId: image.id });
    const quiz = await t.factory.quiz(s.content.id, s.teacher.id, [question.id], { attemptsAllowed: 2 });
    const teacherLink: string = (await t.as(s.teacher.token).get(`/api/teacher/questions/${question.id}`)).body.data.image;
    expect(teacherLink).toMatch(new RegExp(`^/api/files/${image.id}\\?e=\\d+&s=[\\w-]{32}&u=${s.teacher.id}$`));
    // Without an attempt the student has no way to the image.
    expect((await t.as(s.student.token).get(linkOf(image.id))).status).toBe(404);
    await t.factory.quizAttempt(quiz.id, s.student.id, [question.id]);
    const studentLink: string = (await t.as(s.student.token).get(linkOf(image.id))).body.data.url;
    expect((await t.as(s.classmate.token).get(linkOf(image.id))).status).toBe(404);
    for (const url of [teacherLink, studentLink]) await expectOpens(url, url);

    const hide = await t.as(s.teacher.token).put(`${lessonPath(s)}/quizzes/${quiz.id}/visibility`, { hidden: true });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    await expectRefused(studentLink, 'the quiz hidden');
    await expectOpens(teacherLink, 'the teacher, the quiz hidden');
  });

  it('an avatar link names no user and opens for anyone holding it', async () => {
    const s = await scene();
    const profile = await t.as(s.outsider.token).get('/api/me');
    const avatar: string = profile.body.data.avatar;
    expect(avatar).toMatch(new RegExp(`^/api/files/${s.avatarId}\\?e=\\d+&s=[\\w-]{32}$`));
    await expectOpens(avatar, 'avatar');
    // A link without a user opens avatars only: the same recipe for a material is refused.
    const forged = avatar.replace(`/api/files/${s.avatarId}?`, `/api/files/${s.material.fileId}?`);
    expect((await t.as().get(forged)).status).toBe(403);
  });

  it('opening a link costs a fixed, small number of statements', async () => {
    const s = await scene();
    const link: string = (await t.as(s.student.token).get(linkOf(s.material.fileId))).body.data.url;
    const avatar: string = (await t.as(s.outsider.token).get('/api/me')).body.data.avatar;
    const forMaterial = await statementsDuring(t, () => t.as().get(link));
    const forAvatar = await statementsDuring(t, () => t.as().get(avatar));
    console.log(`statements to open a signed link: material ${forMaterial}, avatar ${forAvatar}`);
    // The user, the parent's visibility, the file.
    expect(forMaterial).toBe(3);
    expect(forAvatar).toBe(2);
  });
});
