import { ok, TIMETABLE_MSG, timetableWeek, today, type TimetableWeek } from '@kelasku/contract';
import type { App } from '../../types.js';
import { HttpError } from '../../http/errors.js';
import { activeSemester, slotsOf, type Caller } from './queries.js';
import { readBell } from '../timetable/bell.js';
import { toSlot } from './present.js';
import { todayOf } from './today.js';

/** "Jadwal": the bell times and the caller's lesson periods of the week. */
async function weekOf(app: App, who: Caller): Promise<TimetableWeek> {
  const [semester, bell, slots] = await Promise.all([activeSemester(app.db), readBell(app.db), slotsOf(app.db, who)]);
  if (!semester) throw new HttpError(404, TIMETABLE_MSG.fetNoActiveSemester);
  return { semester_id: semester.id, bell, slots: slots.map(toSlot) };
}

function scheduleRoutes(role: Caller['role']) {
  const tags = [`${role}: schedule`];
  const whose = role === 'teacher' ? 'of the assignments the teacher teaches' : "of the student's rombel";
  return async (app: App): Promise<void> => {
    app.get(
      '/today',
      {
        schema: {
          tags,
          summary: `"Hari ini": today's lessons (WIB) ${whose} in time order, consecutive periods merged, each done/now/next/later; what is due today; the wali kelas`,
          response: { 200: ok(today) },
        },
      },
      async (request) => ({ success: true as const, data: await todayOf(app, { role, id: request.user.id }) }),
    );
    app.get(
      '/timetable',
      {
        schema: {
          tags,
          summary: `"Jadwal": the bell times of every day and the lesson periods ${whose} in the active semester`,
          response: { 200: ok(timetableWeek) },
        },
      },
      async (request) => ({ success: true as const, data: await weekOf(app, { role, id: request.user.id }) }),
    );
  };
}

/** /api/teacher/today, /api/teacher/timetable: the teacher's day and week (issue 37). */
export const teacherRoutes = scheduleRoutes('teacher');

/** /api/student/today, /api/student/timetable: the student's day and week (issue 37). */
export const studentRoutes = scheduleRoutes('student');
