import { ok, TIMETABLE_MSG, timetableWeek, today, type TimetableWeek, type Today } from '@kelasku/contract';
import type { App } from '../../types.js';
import { HttpError } from '../../http/errors.js';
import { activeSemester, dueBetween, homeroomsOf, slotsOf, todayMeetingsOf, type Caller } from './queries.js';
import { readBell } from '../timetable/bell.js';
import { todayLessons, toDue, toSemester, toSlot, wibDay } from './present.js';

/** "Hari ini": today's lessons of the caller in order (a teacher's with their meetings), what is due today, the wali kelas. Four (a teacher: five) statements at once. */
async function todayOf(app: App, who: Caller): Promise<Today> {
  const now = wibDay(new Date());
  const [semester, slots, due, homeroom, meetingIds] = await Promise.all([
    activeSemester(app.db),
    slotsOf(app.db, who, now.day),
    dueBetween(app.db, who, now.from, now.to),
    homeroomsOf(app.db, who),
    // Issue 38: the teacher's lesson opens its meeting ("Presensi").
    who.role === 'teacher' ? todayMeetingsOf(app.db, who.id, now.date) : new Map<string, number>(),
  ]);
  return {
    date: now.date,
    day: now.day,
    semester: toSemester(semester),
    lessons: todayLessons(slots, now.time, meetingIds),
    due: due.map(toDue),
    homeroom,
  };
}

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
