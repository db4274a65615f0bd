import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AttendanceBody, JournalBody, JournalMonth, Meeting, MeetingBody, MeetingDetail } from '@kelasku/contract';
import { api } from './client';
import { downloadFile } from './download';
import { keys } from './keys';

// Issue 38: a class's meetings (pertemuan), taking attendance and the teaching journal (contract
// schemas/meetings.ts). The teacher's paths only.

const meetingsPath = (classId: number) => `/api/teacher/online-classes/${classId}/meetings`;
const meetingPath = (classId: number, meetingId: number) => `${meetingsPath(classId)}/${meetingId}`;

/**
 * Query keys of the meetings, kept here (not in keys.ts): under the teacher's class key, so a change
 * of the class refreshes them; a meeting sits under the class's list, so invalidating the list
 * refreshes the open meeting too. The journal lives under the teacher's own key.
 */
export const meetingKeys = {
  list: (classId: number) => [...keys.teacherClass(classId), 'meetings'] as const,
  detail: (classId: number, meetingId: number) => [...keys.teacherClass(classId), 'meetings', meetingId] as const,
  journal: (month: string) => ['teacher', 'journal', month] as const,
  journalAll: ['teacher', 'journal'] as const,
};

/** "Presensi" tab: the class's meetings (the server makes the timetable's meetings up to today first). */
export function useMeetings(classId: number) {
  return useQuery({ queryKey: meetingKeys.list(classId), queryFn: () => api.get<Meeting[]>(meetingsPath(classId)) });
}

/**
 * One meeting with its class list. The same key as the self check-in screen's (api/checkin.ts), so
 * the live stream's `attendance` event of the meeting refreshes it (useLiveTopic({ meeting })).
 */
export function useMeeting(classId: number, meetingId: number) {
  return useQuery({
    queryKey: meetingKeys.detail(classId, meetingId),
    queryFn: () => api.get<MeetingDetail>(meetingPath(classId, meetingId)),
    enabled: classId > 0 && meetingId > 0,
  });
}

/** After a change of one meeting: its detail (when given), the class's list and the journal. */
function refreshMeeting(qc: QueryClient, classId: number, detail?: MeetingDetail) {
  if (detail) qc.setQueryData(meetingKeys.detail(classId, detail.meeting.id), detail);
  void qc.invalidateQueries({ queryKey: meetingKeys.list(classId), exact: true });
  void qc.invalidateQueries({ queryKey: meetingKeys.journalAll });
}

/** The meeting's own answer (journal, cancel, restore) into its cached detail. */
function mergeMeeting(qc: QueryClient, classId: number, meeting: Meeting) {
  qc.setQueryData<MeetingDetail>(meetingKeys.detail(classId, meeting.id), (old) => (old ? { ...old, meeting } : old));
  void qc.invalidateQueries({ queryKey: meetingKeys.detail(classId, meeting.id) });
  refreshMeeting(qc, classId);
}

/** "Tambah pertemuan": a meeting outside the timetable. The form shows its own errors. */
export function useAddMeeting(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MeetingBody) => api.post<Meeting>(meetingsPath(classId), body),
    meta: { toast: false },
    onSuccess: () => refreshMeeting(qc, classId),
  });
}

/** "Simpan jurnal": topic, activities, notes and the Pembelajaran of a meeting. */
export function useSaveJournal(classId: number, meetingId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JournalBody) => api.patch<Meeting>(meetingPath(classId, meetingId), body),
    meta: { toast: false },
    onSuccess: (res) => mergeMeeting(qc, classId, res.data),
  });
}

/** "Batalkan pertemuan" with its reason. */
export function useCancelMeeting(classId: number, meetingId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<Meeting>(`${meetingPath(classId, meetingId)}/cancel`, { reason }),
    meta: { toast: false },
    onSuccess: (res) => mergeMeeting(qc, classId, res.data),
  });
}

/** "Aktifkan kembali": a cancelled meeting counts again. */
export function useRestoreMeeting(classId: number, meetingId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Meeting>(`${meetingPath(classId, meetingId)}/restore`, {}),
    onSuccess: (res) => mergeMeeting(qc, classId, res.data),
  });
}

/**
 * Saves marks (PUT …/attendance). A plain call, not a mutation: the page keeps unsent marks on the
 * phone itself (attendance-queue.ts) and sends them again when the connection returns, and a mutation
 * would wait, paused, for the browser's online flag instead of failing.
 */
export const putAttendance = (classId: number, meetingId: number, body: AttendanceBody) =>
  api.put<MeetingDetail>(`${meetingPath(classId, meetingId)}/attendance`, body);

/** A saved class list into the cache: the meeting's detail, the class's list and the journal. */
export function useAttendanceSaved(classId: number) {
  const qc = useQueryClient();
  return useCallback((detail: MeetingDetail) => refreshMeeting(qc, classId, detail), [qc, classId]);
}

/** "Jurnal Mengajar" of a month ("2026-11"): the caller's meetings. */
export function useJournal(month: string) {
  return useQuery({
    queryKey: meetingKeys.journal(month),
    queryFn: () => api.get<JournalMonth>(`/api/teacher/journal?month=${encodeURIComponent(month)}`),
  });
}

/** "Unduh XLSX": the month's journal as the school's document. */
export const downloadJournal = (month: string) =>
  downloadFile(`/api/teacher/journal.xlsx?month=${encodeURIComponent(month)}`, `jurnal-mengajar-${month}.xlsx`);
