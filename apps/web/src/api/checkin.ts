import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckinBody, CheckinOpenBody, CheckinResult, CheckinState } from '@kelasku/contract';
import { api } from './client';
import { meetingKeys } from './meetings';

/** A meeting of a class (the teacher's check-in screen). */
export interface MeetingRef {
  classId: number;
  meetingId: number;
}

/**
 * Self check-in's query keys. The state sits under the meeting's key (api/meetings.ts, itself
 * under the teacher's class key): the live stream's `attendance` event of the meeting invalidates
 * `meeting`, which refreshes the class list and the check-in count together.
 */
export const checkinKeys = {
  /** A meeting with its class list, and everything read under it. */
  meeting: (r: MeetingRef) => meetingKeys.detail(r.classId, r.meetingId),
  state: (r: MeetingRef) => [...meetingKeys.detail(r.classId, r.meetingId), 'checkin'] as const,
};

const meetingPath = (r: MeetingRef) => `/api/teacher/online-classes/${r.classId}/meetings/${r.meetingId}`;

/** The check-in state with the moment its code rotates on this device's clock (the server's clock corrected). */
export interface CheckinView extends CheckinState {
  /** `rotates_at` in this device's Date.now() terms; null when closed. */
  rotatesLocal: number | null;
}

/** How far this device's clock is behind the server's (ms), from an answer received at `receivedAt`. */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

export function toView(state: CheckinState, receivedAt: number): CheckinView {
  const rotates = state.rotates_at ? Date.parse(state.rotates_at) : Number.NaN;
  return { ...state, rotatesLocal: Number.isNaN(rotates) ? null : rotates - clockOffset(state.server_time, receivedAt) };
}

/** A little after the rotation, so the server has the next code; never sooner than half a second. */
const ROTATION_MARGIN_MS = 300;
export function nextPollMs(view: CheckinView | undefined, now: number): number | false {
  if (!view?.open || view.rotatesLocal === null) return false;
  return Math.max(500, view.rotatesLocal - now + ROTATION_MARGIN_MS);
}

async function getState(r: MeetingRef): Promise<CheckinView> {
  const state = await api.get<CheckinState>(`${meetingPath(r)}/checkin`);
  return toView(state, Date.now());
}

/** The teacher's check-in of a meeting: asked again when its code rotates (rotates_at, on the server's clock). */
export function useCheckinState(r: MeetingRef) {
  return useQuery({
    queryKey: checkinKeys.state(r),
    queryFn: () => getState(r),
    refetchInterval: (query) => nextPollMs(query.state.data, Date.now()),
    // The screen is shown on a projector while the teacher's laptop does something else.
    refetchIntervalInBackground: true,
  });
}

function useStateMutation(
  r: MeetingRef,
  send: (body: CheckinOpenBody | undefined) => ReturnType<typeof api.post<CheckinState>>,
  toast: boolean,
) {
  const qc = useQueryClient();
  return useMutation({
    meta: { toast },
    mutationFn: async (body: CheckinOpenBody | undefined) => {
      const res = await send(body);
      return { ...res, view: toView(res.data, Date.now()) };
    },
    onSuccess: (res) => {
      qc.setQueryData(checkinKeys.state(r), res.view);
      // The meeting's "checkin_open" (its page, the class's meetings list).
      void qc.invalidateQueries({ queryKey: checkinKeys.meeting(r), exact: true });
      void qc.invalidateQueries({ queryKey: meetingKeys.list(r.classId), exact: true });
    },
  });
}

/** "Buka presensi mandiri": opens (or re-opens) the window from now. The form shows its refusal. */
export function useOpenCheckin(r: MeetingRef) {
  return useStateMutation(r, (body) => api.post<CheckinState>(`${meetingPath(r)}/checkin`, body ?? {}), false);
}

/** "Tutup presensi mandiri" (a refusal is a toast). */
export function useCloseCheckin(r: MeetingRef) {
  return useStateMutation(r, () => api.delete<CheckinState>(`${meetingPath(r)}/checkin`), true);
}

/** The student checks in with a code (scanned: with its meeting; typed: the code alone). */
export function useStudentCheckin() {
  const qc = useQueryClient();
  return useMutation({
    // The page shows the refusal (wrong code, wait) in place.
    meta: { toast: false },
    mutationFn: (body: CheckinBody) => api.post<CheckinResult>('/api/student/checkin', body),
    // The student's own record (Riwayat presensi) and today's lessons.
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['student'] }),
  });
}
