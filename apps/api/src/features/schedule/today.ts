/** "Hari ini" of a teacher or a student (issue 37); also a parent's page of their child (issue 40). */
import type { Today } from '@kelasku/contract';
import type { App } from '../../types.js';
import { activeSemester, dueBetween, homeroomsOf, slotsOf, todayMeetingsOf, type Caller } from './queries.js';
import { todayLessons, toDue, toSemester, wibDay } from './present.js';

/** "Hari ini": today's lessons of the caller in order (a teacher's with their meetings), what is due today, the wali kelas. Four (a teacher: five) statements at once. */
export async function todayOf(app: App, who: Caller): Promise<Today> {
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
