import { NEW_METER, measure, paused, type RateMeter } from './progress';

/**
 * How one file's resumable upload stands:
 * - `queued`: waiting for its turn (a few files go up at a time);
 * - `starting`: looking for an earlier upload of the same file, opening the upload on the server;
 * - `sending`: bytes going up;
 * - `waiting`: no connection (`offline`) or a failed request about to be tried again; it goes on by itself;
 * - `done`: every byte is on the server (`id` goes into the form);
 * - `failed`: the server refused the file or every retry failed; it STAYS until the user acts ("Coba lagi" or remove);
 * - `cancelled`: stopped on purpose (removed, page left).
 */
export type UploadPhase = 'queued' | 'starting' | 'sending' | 'waiting' | 'done' | 'failed' | 'cancelled';

export interface UploadState {
  phase: UploadPhase;
  /** Bytes the server has (or is being sent, while sending). */
  sent: number;
  total: number;
  /** While waiting: because the device is offline (else a retry after an error). */
  offline: boolean;
  /** Why it failed: the server's message when it refused. */
  error: string | null;
  /** The upload's id on the server, once done. */
  id: string | null;
  meter: RateMeter;
}

export type UploadEvent =
  | { type: 'start' }
  | { type: 'progress'; sent: number; at: number }
  | { type: 'waiting'; offline: boolean }
  | { type: 'done'; id: string }
  | { type: 'failed'; message: string }
  | { type: 'restart' }
  | { type: 'cancelled' };

export const initialUpload = (total: number): UploadState => ({
  phase: 'queued',
  sent: 0,
  total,
  offline: false,
  error: null,
  id: null,
  meter: NEW_METER,
});

/** Whether the upload still needs to run (or be retried by the user) before the form may be sent. */
export const isUnfinished = (s: UploadState) => s.phase !== 'done' && s.phase !== 'cancelled';

/** Whether bytes are moving or about to (not failed, not finished). */
export const isRunning = (s: UploadState) =>
  s.phase === 'queued' || s.phase === 'starting' || s.phase === 'sending' || s.phase === 'waiting';

/**
 * The next state. A finished, failed or cancelled upload ignores late events of the library
 * (progress, retries), so a failure is never replaced silently: only `restart` leaves it.
 */
export function nextUpload(s: UploadState, e: UploadEvent): UploadState {
  const settled = s.phase === 'done' || s.phase === 'failed' || s.phase === 'cancelled';
  switch (e.type) {
    case 'start':
      return s.phase === 'queued' ? { ...s, phase: 'starting' } : s;
    case 'progress':
      if (settled) return s;
      return { ...s, phase: 'sending', offline: false, sent: Math.min(e.sent, s.total), meter: measure(s.meter, e.sent, e.at) };
    case 'waiting':
      if (settled) return s;
      return { ...s, phase: 'waiting', offline: e.offline, meter: paused(s.meter) };
    case 'done':
      if (s.phase === 'cancelled' || s.phase === 'failed') return s;
      return { ...s, phase: 'done', sent: s.total, offline: false, error: null, id: e.id };
    case 'failed':
      if (settled) return s;
      return { ...s, phase: 'failed', offline: false, error: e.message, meter: paused(s.meter) };
    case 'restart':
      if (s.phase !== 'failed' && s.phase !== 'cancelled') return s;
      return { ...s, phase: 'starting', error: null, offline: false, meter: paused(s.meter) };
    case 'cancelled':
      if (s.phase === 'done') return s;
      return { ...s, phase: 'cancelled', meter: paused(s.meter) };
  }
}
