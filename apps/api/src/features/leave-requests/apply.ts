/**
 * Approved izin/sakit requests mark meetings (issue 38). Stub: filled by the leave-requests work.
 */
import type { Executor } from '../../db/client.js';

/**
 * Marks S or I, from the approved requests covering their days, the students of these meetings who
 * have no mark yet (meetings just made from the timetable). Never overwrites a mark.
 */
export async function applyLeavesToMeetings(_tx: Executor, _meetingIds: number[]): Promise<void> {}
