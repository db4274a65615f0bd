/**
 * What happened, as notifications and live events (issue 22). Routes call one of these after their
 * write has committed; each is a fixed number of statements whatever the class size (the students
 * of a class are selected inside the insert), and none throws (Notifier logs a failure).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { topics } from '../../live/bus.js';
import type { NotificationRow } from './service.js';
import { gradeContext } from './text.js';
import { ROLE_IDS } from '@kelasku/contract';

type RawRow = Record<string, unknown>;

/** node-postgres rows of `returning *` → drizzle's row shape. */
function toRow(r: RawRow): NotificationRow {
  return {
    id: Number(r.id),
    userId: r.user_id as number,
    kind: r.kind as string,
    actorId: (r.actor_id as number | null) ?? null,
    subject: r.subject as string,
    context: (r.context as string | null) ?? null,
    link: r.link as string,
    dedupeKey: (r.dedupe_key as string | null) ?? null,
    count: r.count as number,
    readAt: r.read_at ? new Date(r.read_at as string) : null,
    emailedAt: r.emailed_at ? new Date(r.emailed_at as string) : null,
    dueAt: r.due_at ? new Date(r.due_at as string) : null,
    createdAt: new Date(r.created_at as string),
  };
}

/** Runs an `insert into notifications … returning *` and reads its rows. */
export async function insertedRows(tx: Executor, query: SQL): Promise<NotificationRow[]> {
  const result = (await tx.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows.map(toRow);
}

/** The students of the class `oc` (a row of online_classes) who may still sign in, as `s` (s.user_id). */
export const activeStudentsOf = sql`join students s on s.rombel_class_id = oc.rombel_class_id
  join users u on u.id = s.user_id and u.status = 1`;

/** A student's page of a class and an assignment's hand-in page. */
const studentClassLink = sql`'/my-classes/' || oc.id`;

/** The content items students hear of when they appear. */
export type AnnouncedItems = 'materials' | 'assignments' | 'quizzes';
const ITEM_KIND = { materials: 'material', assignments: 'assignment', quizzes: 'quiz' } as const;

/**
 * "New material/assignment/quiz" to the students who may see the item now (its content and itself
 * shown and published, the class not archived), once per student and item (`new:material:ID`):
 * creating, showing and the scheduled time use the same key, so nobody hears of one item twice.
 */
export function newItems(tx: Executor, table: AnnouncedItems, where: SQL): Promise<NotificationRow[]> {
  const kind = ITEM_KIND[table];
  const author = table === 'materials' ? sql`oc.teacher_id` : sql`i.author_id`;
  return insertedRows(
    tx,
    sql`insert into notifications (user_id, kind, actor_id, subject, context, link, dedupe_key)
      select s.user_id, ${kind}::varchar, ${author}, i.title, oc.name, ${studentClassLink}, ${`new:${kind}:`}::text || i.id::text
        from ${sql.raw(table)} i
        join contents c on c.id = i.content_id
        join online_classes oc on oc.id = c.online_class_id and oc.archived_at is null
        ${activeStudentsOf}
       where not c.hidden and not i.hidden
         and (c.publish_at is null or c.publish_at <= now()) and (i.publish_at is null or i.publish_at <= now())
         and ${where}
      on conflict (user_id, dedupe_key) do nothing
      returning *`,
  );
}

/** Announces materials, assignments or quizzes that students may see now (after a create or a change of visibility). */
export function itemsShown(app: App, table: AnnouncedItems, ids: number[]): Promise<number> {
  if (ids.length === 0) return Promise.resolve(0);
  return app.notifier.sendWith((tx) =>
    newItems(tx, table, sql`i.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`),
  );
}

/** A content shown (or its schedule changed): its items students may now see. */
export function lessonShown(app: App, lessonId: number): Promise<number> {
  return app.notifier.sendWith(async (tx) => [
    ...(await newItems(tx, 'materials', sql`i.content_id = ${lessonId}`)),
    ...(await newItems(tx, 'assignments', sql`i.content_id = ${lessonId}`)),
    ...(await newItems(tx, 'quizzes', sql`i.content_id = ${lessonId}`)),
  ]);
}

/** "Pengumuman baru" to the class's students. */
export function announcementPosted(app: App, a: { classId: number; authorId: number; body: string }): Promise<number> {
  const subject = a.body.replace(/\s+/g, ' ').trim().slice(0, 120);
  return app.notifier.sendWith((tx) =>
    insertedRows(
      tx,
      sql`insert into notifications (user_id, kind, actor_id, subject, context, link)
        select s.user_id, 'announcement', ${a.authorId}::int, ${subject}::varchar, oc.name, ${studentClassLink}
          from online_classes oc ${activeStudentsOf}
         where oc.id = ${a.classId} and oc.archived_at is null and s.user_id <> ${a.authorId}
        returning *`,
    ),
  );
}

export interface WorkPath {
  classId: number;
  className: string;
  lessonId: number;
  teacherId: number;
  assignmentId: number;
  assignmentTitle: string;
  studentId: number;
}

/** The path of a student's work, from what the access loaders return. */
export const workPath = (
  f: { klass: { id: number; name: string; teacherId: number }; content: { id: number }; assignment: { id: number; title: string } },
  studentId: number,
): WorkPath => ({
  classId: f.klass.id,
  className: f.klass.name,
  lessonId: f.content.id,
  teacherId: f.klass.teacherId,
  assignmentId: f.assignment.id,
  assignmentTitle: f.assignment.title,
  studentId,
});

const studentWorkLink = (p: WorkPath) => `/my-classes/${p.classId}/submissions/${p.assignmentId}`;
const teacherAssignmentLink = (p: WorkPath) => `/online-class/${p.classId}/contents/${p.lessonId}/assignment/${p.assignmentId}`;
const teacherWorkLink = (p: WorkPath) => `${teacherAssignmentLink(p)}/students/${p.studentId}`;

/** A student's work on an assignment changed: the open grading column of it refreshes. */
export function workChanged(app: App, p: { assignmentId: number; studentId: number }): Promise<void> {
  return app.notifier.publish([
    { topic: topics.grading(p.assignmentId), event: 'grading', data: { assignment_id: p.assignmentId, student_id: p.studentId } },
  ]);
}

/** A hand-in: the teacher's summary ("5 siswa mengumpulkan …") is counted up; a late one is told on its own. */
export async function handedIn(app: App, p: WorkPath, late: boolean): Promise<void> {
  await app.notifier.send(
    {
      userIds: [p.teacherId],
      kind: 'hand_ins',
      subject: p.assignmentTitle,
      context: p.className,
      link: teacherAssignmentLink(p),
      dedupe: { key: `hand_ins:${p.assignmentId}`, mode: 'sum' },
    },
    ...(late
      ? [
          {
            userIds: [p.teacherId],
            kind: 'late_hand_in' as const,
            actorId: p.studentId,
            subject: p.assignmentTitle,
            context: p.className,
            link: teacherWorkLink(p),
          },
        ]
      : []),
  );
  await workChanged(app, p);
}

/**
 * One grading act of the teacher, one notification with the score (issue 39): graded (first time:
 * "dinilai: 85"; again with other feedback: "masukan baru"), or returned ("dikembalikan dengan
 * nilai 85", with the teacher's message) — a grade and return in one act is one `returned`. The
 * score (and message) ride in `context` (gradeContext, text.ts).
 */
export async function gradedOrReturned(
  app: App,
  p: WorkPath,
  kind: 'graded' | 'feedback' | 'returned',
  score: number | null,
  message?: string | null,
): Promise<void> {
  await app.notifier.send({
    userIds: [p.studentId],
    kind,
    actorId: p.teacherId,
    subject: p.assignmentTitle,
    context: gradeContext(score, message),
    link: studentWorkLink(p),
  });
  await workChanged(app, p);
}

/** A grade of one student's work, for gradeNotices. */
export interface GradeNotice {
  studentId: number;
  score: number;
  assignmentId: number;
  assignmentTitle: string;
}

/**
 * Many grading acts at once ("Kembalikan semua", the gradebook import): one notification per
 * student's work, each with its score (and the return's message), written by one statement whatever
 * their number; then the open grading columns refresh.
 */
export async function gradeNotices(
  app: App,
  klass: { id: number; teacherId: number },
  kind: 'graded' | 'returned',
  items: GradeNotice[],
  message: string | null,
): Promise<number> {
  if (items.length === 0) return 0;
  const rows = items.map((r) => ({
    user_id: r.studentId,
    subject: r.assignmentTitle.slice(0, 255),
    context: gradeContext(r.score, message),
    link: `/my-classes/${klass.id}/submissions/${r.assignmentId}`,
  }));
  const sent = await app.notifier.sendWith((tx) =>
    insertedRows(
      tx,
      sql`insert into notifications (user_id, kind, actor_id, subject, context, link)
        select r.user_id, ${kind}::varchar, ${klass.teacherId}::int, r.subject, r.context, r.link
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id int, subject varchar, context varchar, link varchar)
         where r.user_id <> ${klass.teacherId}
        returning *`,
    ),
  );
  await app.notifier.publish(
    items.map((r) => ({
      topic: topics.grading(r.assignmentId),
      event: 'grading' as const,
      data: { assignment_id: r.assignmentId, student_id: r.studentId },
    })),
  );
  return sent;
}

/** A private comment: to the student from the teacher, to the teacher from the student. */
export async function privateCommented(app: App, p: WorkPath, authorId: number): Promise<void> {
  const toStudent = authorId !== p.studentId;
  await app.notifier.send({
    userIds: [toStudent ? p.studentId : p.teacherId],
    kind: 'private_comment',
    actorId: authorId,
    subject: p.assignmentTitle,
    context: p.className,
    link: toStudent ? studentWorkLink(p) : teacherWorkLink(p),
  });
}

/** Every active admin: an account was just locked by failed sign-ins. */
export function accountLocked(app: App, user: { id: number; name: string; username: string }): Promise<number> {
  return app.notifier.sendWith((tx) =>
    insertedRows(
      tx,
      sql`insert into notifications (user_id, kind, subject, link)
        select a.id, 'account_locked', ${`${user.name} (${user.username})`}::varchar, ${`/resources/users/${user.id}`}::varchar
          from users a where a.role_id = ${ROLE_IDS.admin} and a.status = 1
        returning *`,
    ),
  );
}

/** The admins hear of a full storage at most this often. */
const STORAGE_FULL_EVERY_MS = 60 * 60 * 1000;
/** When this instance (its notifier) last told them (ms): a burst of failed uploads asks the database once. */
const storageFullToldAt = new WeakMap<object, number>();

/**
 * Every active admin: an upload failed because the server's storage is full. At most one such
 * notice per admin an hour, whatever the number of failed uploads and instances (checked under the
 * publishers' lock, so two instances cannot both send one).
 */
export async function storageFull(app: App): Promise<number> {
  if (Date.now() - (storageFullToldAt.get(app.notifier) ?? 0) < STORAGE_FULL_EVERY_MS) return 0;
  storageFullToldAt.set(app.notifier, Date.now());
  return app.notifier.sendWith((tx) =>
    insertedRows(
      tx,
      sql`insert into notifications (user_id, kind, subject, link)
        select a.id, 'storage_full', 'storage', '/'
          from users a
         where a.role_id = ${ROLE_IDS.admin} and a.status = 1
           and not exists (select 1 from notifications n
                            where n.user_id = a.id and n.kind = 'storage_full'
                              and n.created_at > now() - make_interval(secs => ${STORAGE_FULL_EVERY_MS / 1000}))
        returning *`,
    ),
  );
}

/** The admin who started an import: it finished. */
export async function importFinished(app: App, adminId: number | null, summary: string): Promise<void> {
  if (adminId === null) return;
  await app.notifier.send({ userIds: [adminId], kind: 'import_done', subject: summary, link: '/resources/users' });
}
