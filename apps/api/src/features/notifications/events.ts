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

/** A student's page of a class. */
const studentClassLink = sql`'/my-classes/' || oc.id`;

/** The content items students hear of when they appear. */
export type AnnouncedItems = 'materials' | 'assignments' | 'quizzes';

/** Items `i` of content `c` that students may see now: both shown and published (the class, `oc`, not archived). */
const visibleToStudents = sql`not c.hidden and not i.hidden
  and (c.publish_at is null or c.publish_at <= now()) and (i.publish_at is null or i.publish_at <= now())`;

/**
 * Claims the items of `table` matching `where` (on `i`, its content `c`) that students may see now
 * and were never announced: sets `announced_at` and returns them, with their content and class.
 * The row lock makes it atomic: of two acts at the same moment (a create, a show, the scheduled
 * job) only one claims an item, and an item shown, hidden and shown again is claimed once.
 */
const claimed = (table: AnnouncedItems, where: SQL) => sql`update ${sql.raw(table)} i set announced_at = now()
    from contents c join online_classes oc on oc.id = c.online_class_id and oc.archived_at is null
   where c.id = i.content_id and i.announced_at is null and ${visibleToStudents} and ${where}
  returning i.*, c.number as content_number, c.title as content_title, oc.id as class_id`;

/**
 * "Tugas baru"/"Kuis baru": one notification per student and item, opening the item itself (its
 * hand-in page, the quiz's page): each is a thing to do, with its own deadline.
 */
function newWork(tx: Executor, table: 'assignments' | 'quizzes', where: SQL): Promise<NotificationRow[]> {
  const kind = table === 'assignments' ? 'assignment' : 'quiz';
  const link =
    table === 'assignments'
      ? sql`'/my-classes/' || oc.id || '/submissions/' || i.id`
      : sql`'/my-classes/' || oc.id || '/contents/' || i.content_id || '/quizzes/' || i.id`;
  return insertedRows(
    tx,
    sql`with i as (${claimed(table, where)})
      insert into notifications (user_id, kind, actor_id, subject, context, link, dedupe_key)
      select s.user_id, ${kind}::varchar, i.author_id, i.title, oc.name, ${link}, ${`new:${kind}:`}::text || i.id::text
        from i join online_classes oc on oc.id = i.class_id
        ${activeStudentsOf}
      on conflict (user_id, dedupe_key) do nothing
      returning *`,
  );
}

/** The newly announced materials of one content (a row of newMaterials' first statement). */
interface MaterialGroup {
  content_id: number;
  n: number;
  title: string;
  content: string;
}

/**
 * "Materi baru": one notification per student and content, summed while it is unread (key
 * `new:materials:<content>`): a lesson of three materials published at once, or five files
 * uploaded one after another, is one row "3 materi baru di Pembelajaran 2: …", moved to the top
 * with each act. One material alone reads as before ("Materi baru "X""). Reading the row closes it
 * (SUMMARY_KINDS), so the next upload starts a new one. Three statements whatever the class size:
 * the claim, the unread summaries taken away, the new ones written.
 */
async function newMaterials(tx: Executor, where: SQL): Promise<NotificationRow[]> {
  const groups = (
    (await tx.execute(sql`with i as (${claimed('materials', where)})
      select i.content_id, count(*)::int as n, (array_agg(i.title order by i.id))[1] as title,
             left('Pembelajaran ' || min(i.content_number) || ': ' || min(i.content_title), 255) as content
        from i group by i.content_id`)) as unknown as { rows: MaterialGroup[] }
  ).rows;
  if (groups.length === 0) return [];
  const g = sql`jsonb_to_recordset(${JSON.stringify(groups)}::jsonb) as g(content_id int, n int, title varchar, content varchar)`;
  const key = sql`'new:materials:' || g.content_id`;
  const prev = (
    (await tx.execute(sql`delete from notifications n
       using ${g} join contents c on c.id = g.content_id join online_classes oc on oc.id = c.online_class_id ${activeStudentsOf}
       where n.user_id = s.user_id and n.dedupe_key = ${key} and n.read_at is null
      returning n.user_id, n.dedupe_key, n.count`)) as unknown as { rows: { user_id: number; dedupe_key: string; count: number }[] }
  ).rows;
  return insertedRows(
    tx,
    sql`insert into notifications (user_id, kind, actor_id, subject, context, link, dedupe_key, count)
      select s.user_id, 'material', oc.teacher_id, case when g.n + coalesce(p.count, 0) = 1 then g.title else g.content end,
             oc.name, ${studentClassLink} || '#pembelajaran-' || g.content_id, ${key}, g.n + coalesce(p.count, 0)
        from ${g}
        join contents c on c.id = g.content_id
        join online_classes oc on oc.id = c.online_class_id
        ${activeStudentsOf}
        left join jsonb_to_recordset(${JSON.stringify(prev)}::jsonb) as p(user_id int, dedupe_key varchar, count int)
          on p.user_id = s.user_id and p.dedupe_key = ${key}
       order by g.content_id, s.user_id
      returning *`,
  );
}

/**
 * Announces the items matching `where` that students may see now and never heard of (issue 42,
 * "a quieter bell"): each item once ever (`announced_at`), one row per student and content for
 * the materials of one act, one per assignment or quiz.
 */
export async function newItems(tx: Executor, table: AnnouncedItems, where: SQL): Promise<NotificationRow[]> {
  return table === 'materials' ? newMaterials(tx, where) : newWork(tx, table, where);
}

/** Announces materials, assignments or quizzes that students may see now (after a create or a change of visibility). */
export function itemsShown(app: App, table: AnnouncedItems, ids: number[]): Promise<number> {
  if (ids.length === 0) return Promise.resolve(0);
  return app.notifier.sendWith((tx) =>
    newItems(tx, table, sql`i.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`),
  );
}

/** A content shown (or its schedule changed): its items students may now see, as one act. */
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
