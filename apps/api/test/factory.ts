import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import {
  assignments,
  comments,
  forums,
  materials,
  motivationalWords,
  onlineClasses,
  parentLinks,
  parents,
  questionCategories,
  questions,
  quizAnswers,
  quizAttempts,
  quizSlots,
  quizzes,
  rombelClasses,
  students,
  submissionFiles,
  submissions,
  teachers,
  users,
} from '../src/db/schema.js';
import { hashPassword } from '../src/auth/passwords.js';
import { issueToken } from '../src/auth/tokens.js';
import { insertLesson, nextPosition } from '../src/features/lessons/queries.js';
import { classOfContent } from '../src/features/lessons/queries.js';
import { ROLE_IDS, type QuestionKey, type QuestionType, type RoleId } from '@kelasku/contract';

export interface TestUser {
  id: number;
  username: string;
  password: string;
  name: string;
  email: string;
  roleId: number;
  /** A student's NISN (unique in the school: by default made from the id), null for the others. */
  nisn: string | null;
  /** A live bearer token of this user. */
  token: string;
}

const hashes = new Map<string, Promise<string>>();
const hashOf = (p: string) => {
  if (!hashes.has(p)) hashes.set(p, hashPassword(p));
  return hashes.get(p)!;
};

/** The NIP/NIK of a factory teacher and NIS of a factory student unless told otherwise (a NISN is unique: `factoryNisn`). */
export const FACTORY_IDENTITY = { nip: '198001012005011001', nik: '3471010101800001', nis: '1234' } as const;

/** The NISN a factory student gets unless told otherwise: unique in the school (DECISIONS "Onboarding"), from the id. */
export const factoryNisn = (userId: number) => `00${String(userId).padStart(8, '0')}`;

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}${randomBytes(3).toString('hex')}`;

/** Builds test data in one line each, straight into the database. */
export class Factory {
  constructor(
    readonly db: Db,
    readonly app: FastifyInstance,
  ) {}

  async user(
    roleId: RoleId,
    over: Partial<{
      name: string;
      username: string;
      password: string;
      email: string;
      status: number;
      rombelId: number | null;
      gender: string;
      /** School-owned identity (DECISIONS "Roles and access"); the defaults below when left out. */
      nip: string | null;
      nik: string | null;
      nis: string | null;
      nisn: string | null;
      mustChangePassword: boolean;
    }> = {},
  ): Promise<TestUser> {
    const username = over.username ?? unique(['', 'admin', 'guru', 'siswa', 'ortu'][roleId]!);
    const password = over.password ?? 'rahasia1';
    const name = over.name ?? `Pengguna ${username}`;
    const email = over.email ?? `${username}@test.sch.id`;
    const [row] = await this.db
      .insert(users)
      .values({
        roleId,
        username,
        name,
        email,
        passwordHash: await hashOf(password),
        status: over.status ?? 1,
        gender: over.gender ?? 'L',
        mustChangePassword: over.mustChangePassword ?? false,
      })
      .returning({ id: users.id });
    const id = row!.id;
    if (roleId === ROLE_IDS.teacher) {
      await this.db.insert(teachers).values({
        userId: id,
        nip: over.nip === undefined ? FACTORY_IDENTITY.nip : over.nip,
        nik: over.nik === undefined ? FACTORY_IDENTITY.nik : over.nik,
      });
    }
    const nisn = roleId !== ROLE_IDS.student ? null : over.nisn === undefined ? factoryNisn(id) : over.nisn;
    if (roleId === ROLE_IDS.student) {
      await this.db.insert(students).values({
        userId: id,
        rombelClassId: over.rombelId === undefined ? 1 : over.rombelId,
        nis: over.nis === undefined ? FACTORY_IDENTITY.nis : over.nis,
        nisn,
      });
    }
    const token = await issueToken(this.db, id);
    return { id, username, password, name, email, roleId, nisn, token };
  }

  admin(over: Parameters<Factory['user']>[1] = {}) {
    return this.user(ROLE_IDS.admin, over);
  }
  teacher(over: Parameters<Factory['user']>[1] = {}) {
    return this.user(ROLE_IDS.teacher, over);
  }
  /** A student of rombel 1 (X TKJ 1) unless told otherwise. */
  student(over: Parameters<Factory['user']>[1] = {}) {
    return this.user(ROLE_IDS.student, over);
  }

  /**
   * Issue 40: a parent linked to `children` (as `relation`, source 'admin'), who has read the privacy
   * notice unless `privacyAccepted` is false.
   */
  async parent(
    children: number[],
    over: Parameters<Factory['user']>[1] & { relation?: 'ayah' | 'ibu' | 'wali'; privacyAccepted?: boolean; nik?: string | null } = {},
  ) {
    const user = await this.user(ROLE_IDS.parent, over);
    await this.db.insert(parents).values({
      userId: user.id,
      nik: over.nik ?? null,
      privacyAcceptedAt: over.privacyAccepted === false ? null : new Date(),
    });
    for (const studentId of children) {
      await this.db.insert(parentLinks).values({ parentId: user.id, studentId, relation: over.relation ?? 'ibu', source: 'admin' });
    }
    return user;
  }

  async rombel(over: Partial<{ name: string; grade: number; departmentId: number }> = {}) {
    const [r] = await this.db
      .insert(rombelClasses)
      .values({ name: over.name ?? unique('X TKJ '), grade: over.grade ?? 10, departmentId: over.departmentId ?? 1 })
      .returning();
    return r!;
  }

  async onlineClass(teacherId: number, over: Partial<{ name: string; rombelId: number; description: string | null }> = {}) {
    const [c] = await this.db
      .insert(onlineClasses)
      .values({ name: over.name ?? unique('Kelas '), rombelClassId: over.rombelId ?? 1, teacherId, description: over.description ?? null })
      .returning();
    return c!;
  }

  async content(classId: number, over: Partial<{ title: string; description: string | null }> = {}) {
    return insertLesson(this.db, classId, { title: over.title ?? unique('Konten '), description: over.description ?? null });
  }

  /**
   * Two teachers, each with a class of a rombel of its own (other tests' students never show up in
   * their lists) and one content in it: the scene's class and an outsider's, for the access checks.
   */
  async classPair() {
    const rombel = await this.rombel();
    const otherRombel = await this.rombel();
    const teacher = await this.teacher();
    const otherTeacher = await this.teacher();
    const klass = await this.onlineClass(teacher.id, { rombelId: rombel.id });
    const otherClass = await this.onlineClass(otherTeacher.id, { rombelId: otherRombel.id });
    const content = await this.content(klass.id);
    const otherLesson = await this.content(otherClass.id);
    return { rombel, otherRombel, teacher, otherTeacher, klass, otherClass, content, otherLesson };
  }

  /** A stored file with real bytes in storage. */
  async file(name = 'materi.pdf', data: Buffer = Buffer.from('%PDF-1.4\n%%EOF\n'), mime = 'application/pdf') {
    const files = this.app.files;
    const received = await files.receiveBuffer(name, mime, data);
    return { id: await files.record(this.db, received), key: received.key };
  }

  async material(lessonId: number, over: Partial<{ title: string; fileId: number }> = {}) {
    const fileId = over.fileId ?? (await this.file()).id;
    const [m] = await this.db
      .insert(materials)
      .values({ lessonId, title: over.title ?? unique('Materi '), fileId, position: nextPosition(materials, lessonId) })
      .returning();
    return { ...m!, fileId };
  }

  async forum(lessonId: number, authorId: number, over: Partial<{ topic: string; description: string | null }> = {}) {
    const [f] = await this.db
      .insert(forums)
      .values({
        lessonId,
        authorId,
        topic: over.topic ?? unique('Topik '),
        description: over.description ?? 'Diskusikan.',
        position: nextPosition(forums, lessonId),
      })
      .returning();
    return f!;
  }

  /** A comment, or a reply (`parentId`) that answers its top-level comment unless `replyToId` names a reply. */
  async comment(forumId: number, authorId: number, body = 'Komentar', parentId: number | null = null, replyToId: number | null = parentId) {
    const [c] = await this.db.insert(comments).values({ forumId, authorId, body, parentId, replyToId }).returning();
    return c!;
  }

  async assignment(lessonId: number, authorId: number, over: Partial<{ title: string; description: string; deadline: Date }> = {}) {
    const [a] = await this.db
      .insert(assignments)
      .values({
        lessonId,
        onlineClassId: classOfContent(lessonId),
        authorId,
        title: over.title ?? unique('Tugas '),
        description: over.description ?? 'Kerjakan dengan baik.',
        deadline: over.deadline ?? new Date(Date.now() + 7 * 24 * 3600 * 1000),
        position: nextPosition(assignments, lessonId),
      })
      .returning();
    return a!;
  }

  /** A handed-in submission with one file (version 1); `fileId` is that file. */
  async submission(
    assignmentId: number,
    studentId: number,
    over: Partial<{
      score: number | null;
      submittedAt: Date | null;
      fileId: number;
      feedback: string;
      textAnswer: string;
      returnedAt: Date;
    }> = {},
  ) {
    const fileId = over.fileId ?? (await this.file('jawaban.pdf')).id;
    const [s] = await this.db
      .insert(submissions)
      .values({
        assignmentId,
        studentId,
        score: over.score ?? null,
        feedback: over.feedback ?? null,
        textAnswer: over.textAnswer ?? null,
        lastScore: over.score ?? null,
        gradedAt: over.score == null ? null : new Date(),
        returnedAt: over.returnedAt ?? null,
        submittedAt: over.submittedAt === undefined ? new Date() : over.submittedAt,
      })
      .returning();
    await this.db.insert(submissionFiles).values({ submissionId: s!.id, version: 1, fileId, position: 0 });
    return { ...s!, fileId };
  }

  async word(over: Partial<{ title: string; body: string; from: string; active: boolean }> = {}) {
    const [w] = await this.db
      .insert(motivationalWords)
      .values({
        title: over.title ?? unique('Kata '),
        body: over.body ?? 'Terus belajar.',
        from: over.from ?? 'Guru',
        active: over.active ?? true,
      })
      .returning();
    return w!;
  }

  /** A category of a teacher's question bank. */
  async questionCategory(teacherId: number, name?: string) {
    const [c] = await this.db
      .insert(questionCategories)
      .values({ teacherId, name: name ?? unique('Kategori ') })
      .returning();
    return c!;
  }

  /**
   * A question of the bank, straight into the table (no validation). Without `data` each type gets
   * a small key: choices o1…o4 with o1 correct (o1, o2 for multiple_answer), true_false true,
   * short_answer "jaringan"/"network", matching p1…p3, essay {}. Ids are as given (the server makes
   * 8-character ones; any string works here).
   */
  async question(
    categoryId: number,
    teacherId: number,
    over: Partial<{ type: QuestionType; text: string; points: number; data: QuestionKey['data']; imageFileId: number | null }> = {},
  ) {
    const type = over.type ?? 'multiple_choice';
    const [q] = await this.db
      .insert(questions)
      .values({
        categoryId,
        teacherId,
        type,
        text: over.text ?? unique('Soal '),
        points: over.points ?? 1,
        data: over.data ?? defaultQuestionData(type),
        imageFileId: over.imageFileId ?? null,
      })
      .returning();
    return q!;
  }

  /** A quiz of a content with these questions as fixed slots, open now, untimed; `attemptsAllowed` 1 unless told. */
  async quiz(
    lessonId: number,
    authorId: number,
    questionIds: number[],
    over: Partial<{ title: string; attemptsAllowed: number; hidden: boolean; closesAt: Date | null; timeLimitMinutes: number | null }> = {},
  ) {
    const [q] = await this.db
      .insert(quizzes)
      .values({
        lessonId,
        authorId,
        title: over.title ?? unique('Kuis '),
        attemptsAllowed: over.attemptsAllowed ?? 1,
        hidden: over.hidden ?? false,
        closesAt: over.closesAt ?? null,
        timeLimitMinutes: over.timeLimitMinutes ?? null,
        position: nextPosition(quizzes, lessonId),
      })
      .returning();
    if (questionIds.length)
      await this.db.insert(quizSlots).values(questionIds.map((questionId, i) => ({ quizId: q!.id, position: i + 1, questionId })));
    return q!;
  }

  /**
   * An attempt of a quiz with its questions in order (options unshuffled), straight into the tables;
   * `answers` (by question id) are saved as given. Finished (with `score`) unless `finished` is false.
   */
  async quizAttempt(
    quizId: number,
    studentId: number,
    questionIds: number[],
    over: Partial<{ number: number; finished: boolean; score: number | null; maxScore: number; answers: Record<number, unknown> }> = {},
  ) {
    const finished = over.finished ?? true;
    const [a] = await this.db
      .insert(quizAttempts)
      .values({
        quizId,
        studentId,
        number: over.number ?? 1,
        layout: questionIds.map((id) => ({ question_id: id, order: ['o1', 'o2', 'o3', 'o4'] })),
        finishedAt: finished ? new Date() : null,
        score: finished ? (over.score ?? 0) : null,
        maxScore: over.maxScore ?? questionIds.length,
      })
      .returning();
    const answers = Object.entries(over.answers ?? {});
    if (answers.length) {
      await this.db
        .insert(quizAnswers)
        .values(answers.map(([q, answer]) => ({ attemptId: a!.id, questionId: Number(q), answer, autoPoints: finished ? 0 : null })));
    }
    return a!;
  }

  /**
   * A whole class scene: its teacher, a class of rombel 1 with one content, a student of that rombel,
   * plus an outsider of each kind (another teacher, a student of another rombel).
   */
  async classScene() {
    const teacher = await this.teacher();
    const otherTeacher = await this.teacher();
    const klass = await this.onlineClass(teacher.id, { rombelId: 1 });
    const otherClass = await this.onlineClass(otherTeacher.id, { rombelId: 2 });
    const content = await this.content(klass.id);
    const otherLesson = await this.content(otherClass.id);
    const student = await this.student({ rombelId: 1 });
    const outsider = await this.student({ rombelId: 2 });
    const admin = await this.admin();
    return { teacher, otherTeacher, klass, otherClass, content, otherLesson, student, outsider, admin };
  }
}

/** The key a factory question of each type gets unless told otherwise. */
export function defaultQuestionData(type: QuestionType): QuestionKey['data'] {
  const opts = (correct: string[]) => ({
    options: ['o1', 'o2', 'o3', 'o4'].map((id, i) => ({ id, text: `Pilihan ${'ABCD'[i]}`, correct: correct.includes(id) })),
  });
  switch (type) {
    case 'multiple_choice':
      return opts(['o1']);
    case 'multiple_answer':
      return opts(['o1', 'o2']);
    case 'true_false':
      return { answer: true };
    case 'short_answer':
      return { answers: ['jaringan', 'network'], tolerance: null };
    case 'matching':
      return {
        pairs: [
          { id: 'p1', left: 'Router', right: 'Menghubungkan jaringan' },
          { id: 'p2', left: 'Switch', right: 'Menghubungkan perangkat dalam LAN' },
          { id: 'p3', left: 'Kabel UTP', right: 'Media transmisi' },
        ],
      };
    case 'essay':
      return {};
  }
}
