/**
 * The absence alert (issue 38). Stub: filled by the recaps work.
 */
import type { App } from '../../types.js';

/**
 * After marks of these students changed in a meeting on `date`: tells the wali kelas of each student
 * whose Alpa days in that month reached the school's number (once per student and month). Never throws.
 */
export async function checkAbsenceAlerts(_app: App, _p: { date: string; studentIds: number[] }): Promise<void> {}
