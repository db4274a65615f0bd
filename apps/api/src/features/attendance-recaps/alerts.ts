/**
 * The absence alert (issue 38): the wali kelas hears when a student's Alpa days in a calendar month
 * reach the school's number (app_settings, default DEFAULT_ALPA_ALERT_DAYS), once per student and
 * month (the notification's dedupe key), in the bell like every notification.
 */
import type { App } from '../../types.js';
import { alpaAlerts } from './queries.js';
import { alpaAlertDays } from './recaps.js';
import { monthName } from './present.js';

/**
 * After marks of these students changed in a meeting on `date`: tells the wali kelas of each student
 * whose Alpa days in that month reached the school's number (once per student and month). Never throws.
 */
export async function checkAbsenceAlerts(app: App, p: { date: string; studentIds: number[] }): Promise<void> {
  if (p.studentIds.length === 0) return;
  try {
    const threshold = await alpaAlertDays(app.db);
    const rows = await alpaAlerts(app.db, [...new Set(p.studentIds)], p.date, threshold);
    if (rows.length === 0) return;
    const month = p.date.slice(0, 7);
    await app.notifier.send(
      ...rows.map((r) => ({
        userIds: [r.teacher_id],
        kind: 'absence_alert' as const,
        subject: `${r.name} sudah ${r.days} hari Alpa bulan ${monthName(month)}`,
        context: r.rombel,
        link: '/perwalian',
        dedupe: { key: `alpa:${r.student_id}:${month}`, mode: 'once' as const },
      })),
    );
  } catch (err) {
    app.log.error({ err, date: p.date }, 'attendance: the absence alert failed');
  }
}
