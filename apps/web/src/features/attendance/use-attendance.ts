import { useCallback, useEffect, useState } from 'react';
import { MEETING_MSG, type AttendanceRow, type AttendanceStatus, type MeetingDetail } from '@kelasku/contract';
import { putAttendance, useAttendanceSaved } from '../../api/meetings';
import { ApiError } from '../../lib/api-error';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { dropPending, flushPending, keepPending, keepsForLater, readPending, type PendingSave } from './attendance-queue';
import { conflictsOf, entriesToSave, shownMark, type Choice, type Entry } from './marks';

export interface AttendanceState {
  choices: ReadonlyMap<number, Choice>;
  /** Students another device changed since this one read them: the server's message. */
  conflicts: ReadonlyMap<number, string>;
  /** A save waits on this phone for the connection. */
  queued: boolean;
  /** The server refused a kept save (e.g. the meeting was cancelled meanwhile). */
  refused: string | null;
  saving: boolean;
  choose: (row: AttendanceRow, patch: Partial<Pick<Choice, 'status' | 'note'>>) => void;
  /** "Pakai …": the server's mark wins, this device's choice goes. */
  keepServer: (row: AttendanceRow) => void;
  /** "Tetap …": this device's choice wins over the newer one of the server (its revision is the server's now). */
  keepMine: (row: AttendanceRow) => void;
  save: () => Promise<void>;
  discard: () => void;
}

const choicesOf = (entries: readonly Entry[]) =>
  new Map(entries.map((e) => [e.student_id, { status: e.status as AttendanceStatus, note: e.note ?? '', revision: e.revision }]));

/**
 * The class list as the teacher edits it on this device: choices over the server's marks, saving,
 * keeping a save on the phone while offline (attendance-queue.ts) and sending it on load and when
 * back online, and the students of a conflict until the teacher decides.
 */
export function useAttendance(detail: MeetingDetail, userId: number, refetch: () => Promise<unknown>): AttendanceState {
  const classId = detail.class.id;
  const meetingId = detail.meeting.id;
  const saved = useAttendanceSaved(classId);
  const [choices, setChoices] = useState<Map<number, Choice>>(() => choicesOf(readPending(userId, meetingId)?.entries ?? []));
  const [conflicts, setConflicts] = useState<Map<number, string>>(() => conflictsOf(readPending(userId, meetingId)?.conflict ?? {}));
  const [queued, setQueued] = useState(() => {
    const p = readPending(userId, meetingId);
    return !!p && !p.conflict && !p.error;
  });
  const [refused, setRefused] = useState<string | null>(() => readPending(userId, meetingId)?.error ?? null);
  const [saving, setSaving] = useState(false);

  /** The server has the save: its class list is shown, and the choices it carried go. */
  const done = useCallback(
    (fresh: MeetingDetail, sent: readonly Entry[]) => {
      saved(fresh);
      const byStudent = new Map(sent.map((e) => [e.student_id, e]));
      setChoices((old) => {
        const next = new Map(old);
        for (const [id, c] of old) {
          const e = byStudent.get(id);
          if (e && e.status === c.status && (e.note ?? '') === c.note.trim()) next.delete(id);
        }
        return next;
      });
      setConflicts(new Map());
      setQueued(false);
      setRefused(null);
    },
    [saved],
  );

  // The students of a conflict are shown once the class list is read again (their new marks and revisions).
  const conflicted = useCallback(
    async (errors: Record<string, string[]>) => {
      setQueued(false);
      await refetch();
      setConflicts(conflictsOf(errors));
    },
    [refetch],
  );

  // A save kept on this phone goes on load and whenever the browser is back online.
  useEffect(() => {
    const send = (p: PendingSave) => putAttendance(p.classId, p.meetingId, { entries: p.entries }).then((r) => ({ detail: r.data, p }));
    const flush = async () => {
      const result = await flushPending(userId, meetingId, send);
      if (result.kind === 'sent') {
        done(result.detail.detail, result.detail.p.entries);
        toastSuccess(MEETING_MSG.attendanceSaved);
      } else if (result.kind === 'conflict') await conflicted(result.errors);
      else if (result.kind === 'refused') {
        setQueued(false);
        setRefused(result.message);
        void refetch();
      }
    };
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [userId, meetingId, done, conflicted, refetch]);

  const choose = useCallback((row: AttendanceRow, patch: Partial<Pick<Choice, 'status' | 'note'>>) => {
    setChoices((old) => {
      const next = new Map(old);
      const chosen = { ...shownMark(row, old.get(row.student.id)), ...patch };
      const server = shownMark(row, undefined);
      // Back to what the server has (or the default of a student not recorded yet): nothing to save.
      if (chosen.status === server.status && chosen.note === server.note) next.delete(row.student.id);
      else next.set(row.student.id, chosen);
      return next;
    });
  }, []);

  const resolve = useCallback((row: AttendanceRow, mine: boolean) => {
    const studentId = row.student.id;
    setChoices((old) => {
      const next = new Map(old);
      const c = old.get(studentId);
      if (!mine || !c) next.delete(studentId);
      else next.set(studentId, { ...c, revision: row.revision });
      return next;
    });
    setConflicts((old) => {
      const next = new Map(old);
      next.delete(studentId);
      return next;
    });
  }, []);
  const keepServer = useCallback((row: AttendanceRow) => resolve(row, false), [resolve]);
  const keepMine = useCallback((row: AttendanceRow) => resolve(row, true), [resolve]);

  const keepOffline = (entries: Entry[]) => {
    keepPending(userId, classId, meetingId, entries);
    setQueued(true);
  };

  const save = async () => {
    const entries = entriesToSave(detail.students, choices);
    if (entries.length === 0 || saving) return;
    setRefused(null);
    if (!navigator.onLine) return keepOffline(entries);
    setSaving(true);
    try {
      const res = await putAttendance(classId, meetingId, { entries });
      dropPending(meetingId);
      done(res.data, entries);
      toastSuccess(res.message ?? MEETING_MSG.attendanceSaved);
    } catch (err) {
      if (keepsForLater(err)) keepOffline(entries);
      else if (err instanceof ApiError && err.status === 409 && conflictsOf(err.errors).size > 0) await conflicted(err.errors);
      else {
        toastError(errorMessage(err));
        void refetch();
      }
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    dropPending(meetingId);
    setChoices(new Map());
    setConflicts(new Map());
    setQueued(false);
    setRefused(null);
  };

  return {
    choices,
    conflicts,
    queued,
    refused,
    saving,
    choose,
    keepServer,
    keepMine,
    save,
    discard,
  };
}
