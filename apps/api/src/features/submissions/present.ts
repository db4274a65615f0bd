import {
  SUBMISSION_STATUS,
  gradingStatus,
  submissionStatusId,
  type MyWorkItem,
  type PrivateComment,
  type SubmissionDetail,
  type SubmittedFile,
  type WorkState,
} from '@kelasku/contract';
import type { FileLinks } from '../../files/service.js';
import { extensionOf } from '../../files/types.js';
import { dueOf, isClosed, type Due, type PrivateCommentRow, type SubmissionFileRow, type Work, type WorkRow } from './queries.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toSubmittedFile = (files: FileLinks, f: Pick<SubmissionFileRow, 'fileId' | 'name' | 'mime' | 'size'>): SubmittedFile => ({
  file_id: f.fileId,
  file: files.url(f.fileId),
  filename: f.name,
  file_extension: extensionOf(f.name),
  size: f.size,
  mime: f.mime,
});

/** Status 1 while not handed in, else 2 on time or 3 late against this student's deadline. */
export const statusIdOf = (submittedAt: Date | null, deadline: Date): 1 | 2 | 3 =>
  submittedAt === null ? 1 : submissionStatusId(submittedAt, deadline);

/** The Tugas Saya tab of a piece of work. */
export function workStateOf(w: { submittedAt: Date | null; score: number | null }, deadline: Date, now = new Date()): WorkState {
  if (w.submittedAt !== null || w.score !== null) return 'done';
  return deadline.getTime() < now.getTime() ? 'late' : 'todo';
}

/** A student's work as the student and the teacher see it. */
export function toSubmissionDetail(files: FileLinks, work: Work): SubmissionDetail {
  const { submission: s, due, versions } = work;
  const now = new Date();
  const statusId = statusIdOf(s?.submittedAt ?? null, due.deadline);
  const closed = isClosed(due, now);
  const current = s ? work.files.filter((f) => f.version === s.version) : [];
  const handedIn = !!s && s.submittedAt !== null;
  return {
    status_id: statusId,
    status: SUBMISSION_STATUS[statusId],
    grading_status: gradingStatus(handedIn, s?.score ?? null, !!s?.returnedAt),
    state: workStateOf({ submittedAt: s?.submittedAt ?? null, score: s?.score ?? null }, due.deadline, now),
    score: s?.score ?? null,
    // A grade does not vanish (issue 39): returned work handed in again keeps its last grade until the new one.
    last_score: s && s.score === null ? s.lastScore : null,
    feedback: s?.feedback ?? null,
    text_answer: s?.textAnswer ?? null,
    submitted_at: iso(s?.submittedAt ?? null),
    graded_at: iso(s?.gradedAt ?? null),
    returned_at: iso(s?.returnedAt ?? null),
    version: s?.version ?? 1,
    revision: s?.revision ?? 0,
    files: current.map((f) => toSubmittedFile(files, f)),
    history: versions.map((v) => ({
      version: v.version,
      text_answer: v.textAnswer,
      submitted_at: iso(v.submittedAt),
      score: v.score,
      feedback: v.feedback,
      graded_at: iso(v.gradedAt),
      returned_at: iso(v.returnedAt),
      files: work.files.filter((f) => f.version === v.version).map((f) => toSubmittedFile(files, f)),
    })),
    deadline: due.deadline.toISOString(),
    closes_at: iso(due.closesAt),
    extended: due.extended,
    can_hand_in: !closed && (!s || s.score === null || s.returnedAt !== null),
    can_unsubmit: !closed && handedIn && s.score === null,
    rubric_marks: s?.rubricMarks ?? null,
  };
}

export const toPrivateComment = (files: FileLinks, c: PrivateCommentRow): PrivateComment => ({
  id: c.id,
  body: c.body,
  author: { id: c.authorId, name: c.authorName, role: c.authorRole, avatar: files.url(c.authorAvatar) },
  created_at: c.createdAt.toISOString(),
});

/** This student's deadline for a row of workOfStudent. */
export const dueOfRow = (r: WorkRow): Due => dueOf(r, r.ext);

/** An assignment of Tugas Saya (its deadline is always set). */
export type AssignmentWorkItem = MyWorkItem & { kind: 'assignment'; deadline: string };

export function toMyWorkItem(r: WorkRow, now = new Date()): AssignmentWorkItem {
  const due = dueOfRow(r);
  return {
    kind: 'assignment',
    id: r.id,
    title: r.title,
    content_id: r.lessonId,
    online_class: { id: r.classId, name: r.className },
    deadline: due.deadline.toISOString(),
    closes_at: iso(due.closesAt),
    extended: due.extended,
    opens_at: null,
    results_visible: true,
    state: workStateOf(r, due.deadline, now),
    status_id: statusIdOf(r.submittedAt, due.deadline),
    grading_status: gradingStatus(r.submittedAt !== null, r.score, r.returnedAt !== null),
    submitted_at: iso(r.submittedAt),
    score: r.score,
    last_score: r.score === null ? r.lastScore : null,
    feedback: r.feedback,
    returned_at: iso(r.returnedAt),
  };
}

const time = (v: string | null) => (v ? Date.parse(v) : 0);
/** A deadline to sort by: a quiz that never closes comes after every deadline. */
const until = (v: string | null) => (v ? Date.parse(v) : Number.POSITIVE_INFINITY);

/**
 * The items of one Tugas Saya tab in its order: todo soonest deadline first (a quiz that never closes
 * last), late latest deadline first, done latest hand-in (or finished attempt) first; without a tab,
 * everything as given.
 */
export function myWork<T extends MyWorkItem>(items: T[], tab: WorkState | undefined): T[] {
  if (!tab) return items;
  const mine = items.filter((i) => i.state === tab);
  if (tab === 'todo') return mine.sort((x, y) => until(x.deadline) - until(y.deadline) || x.id - y.id);
  if (tab === 'late') return mine.sort((x, y) => time(y.deadline) - time(x.deadline) || y.id - x.id);
  return mine.sort((x, y) => time(y.submitted_at) - time(x.submitted_at) || y.id - x.id);
}
