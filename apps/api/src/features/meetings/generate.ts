/**
 * Meetings from the timetable (issue 38). One INSERT … SELECT makes, for each class of a teaching
 * assignment, a meeting per run of consecutive periods of the assignment on a weekday ("jam ke-3–4"
 * is one meeting, periods [3, 4]) on every such day from the first day (the later of the semester's
 * start and the WIB day the assignment was made) up to today (WIB) or the semester's end. Times come
 * from the bell (Asia/Jakarta). The partial unique index meetings_class_slot_uq (class, date, first
 * period) makes a second run add nothing.
 *
 * Past meetings stay whatever happens to the timetable later: a day that already has meetings of
 * the class from the timetable is never made again, so a changed timetable never adds a second set
 * of meetings to a day that had them (today's are made once, shortly after midnight).
 *
 * Runs for one class when its meetings are listed, for every class of the active semester by a
 * daily job shortly after 00:00 WIB and once at start-up (jobs.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applyLeavesToMeetings } from '../leave-requests/apply.js';

/**
 * Makes the missing meetings of the timetable up to today for these classes (all classes of the
 * active semester when `classIds` is left out) and marks them from approved leave requests.
 * Returns the ids of the meetings made.
 */
export async function generateMeetings(db: Db, classIds?: number[]): Promise<number[]> {
  if (classIds && classIds.length === 0) return [];
  const scope = classIds
    ? sql`ta.online_class_id in (${sql.join(
        classIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`s.active`;
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ id: number }>(sql`
      with scope as (
        select ta.id as assignment_id, ta.online_class_id as class_id,
               greatest(s.starts_on, (ta.created_at at time zone 'Asia/Jakarta')::date) as first_day,
               least(s.ends_on, (now() at time zone 'Asia/Jakarta')::date) as last_day
          from teaching_assignments ta
          join semesters s on s.id = ta.semester_id
          join online_classes oc on oc.id = ta.online_class_id and oc.archived_at is null
         where ${scope}
      ),
      islands as (
        select ts.assignment_id, ts.day, ts.period,
               ts.period - row_number() over (partition by ts.assignment_id, ts.day order by ts.period) as island
          from timetable_slots ts
          join scope on scope.assignment_id = ts.assignment_id
      ),
      runs as (
        select assignment_id, day, min(period) as period_from, max(period) as period_to
          from islands group by assignment_id, day, island
      ),
      days as (
        select sc.class_id, r.day, r.period_from, r.period_to, d::date as date
          from scope sc
          join runs r on r.assignment_id = sc.assignment_id
          cross join lateral generate_series(
            (sc.first_day + ((r.day - extract(isodow from sc.first_day)::int + 7) % 7))::timestamp,
            sc.last_day::timestamp, interval '7 days') as d
         where sc.first_day <= sc.last_day
      )
      insert into meetings (online_class_id, date, period_from, period_to, starts_at, ends_at, source)
      select dd.class_id, dd.date, dd.period_from, dd.period_to,
             (dd.date + bf.starts_at) at time zone 'Asia/Jakarta', (dd.date + bt.ends_at) at time zone 'Asia/Jakarta', 'timetable'
        from days dd
        join bell_periods bf on bf.day = dd.day and bf.period = dd.period_from
        join bell_periods bt on bt.day = dd.day and bt.period = dd.period_to
       where bt.ends_at > bf.starts_at
         and not exists (select 1 from meetings x where x.online_class_id = dd.class_id and x.date = dd.date and x.source = 'timetable')
      on conflict (online_class_id, date, period_from) where period_from is not null do nothing
      returning id`);
    const ids = result.rows.map((r) => Number(r.id));
    if (ids.length > 0) await applyLeavesToMeetings(tx, ids);
    return ids;
  });
}
