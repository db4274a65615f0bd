/**
 * Clashes of the weekly timetable: a rombel or a teacher in two places at once. Every writer of
 * slots (one slot, the XLSX import, the FET import) takes the semester's lock, loads the semester's
 * slots into a ClashBook and asks it before each insert, so two admins cannot both place a teacher
 * at the same time. The unique key timetable_slots_rombel_uq stays the last guard for rombels.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { TIMETABLE_MSG, slotLabel } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { rombelClasses, subjects, teachingAssignments, teachingAssignmentTeachers, timetableSlots, users } from '../../db/schema.js';

/** Advisory lock class of a semester's timetable writes (the key is the semester id). */
const TIMETABLE_LOCK = 3707;

/** Serialises the timetable writes of one semester until the transaction ends. */
export async function lockSemesterTimetable(tx: Executor, semesterId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TIMETABLE_LOCK}, ${semesterId})`);
}

/** What a slot needs to be checked: its assignment's rombel, subject and teachers, by name. */
export interface SlotOwner {
  assignmentId: number;
  rombelId: number;
  rombelName: string;
  subjectName: string;
  teachers: { id: number; name: string }[];
}

export class ClashBook {
  private readonly rombels = new Map<string, SlotOwner>();
  private readonly teachers = new Map<string, SlotOwner>();

  /** The clash placing `owner` at day/period would make, as the 409's message naming the slot, or null. */
  refusal(owner: SlotOwner, day: number, period: number): string | null {
    const slot = slotLabel(day, period);
    const there = this.rombels.get(`${owner.rombelId}:${day}:${period}`);
    if (there) return TIMETABLE_MSG.rombelClash(owner.rombelName, slot, there.subjectName);
    for (const t of owner.teachers) {
      const busy = this.teachers.get(`${t.id}:${day}:${period}`);
      if (busy) return TIMETABLE_MSG.teacherClash(t.name, slot, busy.rombelName);
    }
    return null;
  }

  add(owner: SlotOwner, day: number, period: number): void {
    this.rombels.set(`${owner.rombelId}:${day}:${period}`, owner);
    for (const t of owner.teachers) this.teachers.set(`${t.id}:${day}:${period}`, owner);
  }
}

/** The owners (rombel, subject, teachers) of assignments, by assignment id. */
export async function slotOwners(db: Executor, assignmentIds: number[]): Promise<Map<number, SlotOwner & { semesterId: number }>> {
  const out = new Map<number, SlotOwner & { semesterId: number }>();
  if (assignmentIds.length === 0) return out;
  const rows = await db
    .select({
      id: teachingAssignments.id,
      semesterId: teachingAssignments.semesterId,
      rombelId: rombelClasses.id,
      rombelName: rombelClasses.name,
      subjectName: subjects.name,
    })
    .from(teachingAssignments)
    .innerJoin(rombelClasses, eq(rombelClasses.id, teachingAssignments.rombelClassId))
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .where(inArray(teachingAssignments.id, assignmentIds));
  for (const r of rows)
    out.set(r.id, {
      assignmentId: r.id,
      semesterId: r.semesterId,
      rombelId: r.rombelId,
      rombelName: r.rombelName,
      subjectName: r.subjectName,
      teachers: [],
    });
  const teachers = await db
    .select({ assignmentId: teachingAssignmentTeachers.assignmentId, id: users.id, name: users.name })
    .from(teachingAssignmentTeachers)
    .innerJoin(users, eq(users.id, teachingAssignmentTeachers.teacherId))
    .where(inArray(teachingAssignmentTeachers.assignmentId, assignmentIds))
    .orderBy(teachingAssignmentTeachers.position);
  for (const t of teachers) out.get(t.assignmentId)?.teachers.push({ id: t.id, name: t.name });
  return out;
}

/** A book of the semester's slots (at one day and period when given; without the slots of `except` assignments). */
export async function clashBook(
  db: Executor,
  semesterId: number,
  at: { day: number; period: number } | null = null,
  except: number[] = [],
): Promise<ClashBook> {
  const conditions = [eq(timetableSlots.semesterId, semesterId)];
  if (at) conditions.push(eq(timetableSlots.day, at.day), eq(timetableSlots.period, at.period));
  if (except.length > 0) conditions.push(notInArray(timetableSlots.assignmentId, except));
  const slots = await db
    .select({ assignmentId: timetableSlots.assignmentId, day: timetableSlots.day, period: timetableSlots.period })
    .from(timetableSlots)
    .where(and(...conditions));
  const owners = await slotOwners(db, [...new Set(slots.map((s) => s.assignmentId))]);
  const book = new ClashBook();
  for (const s of slots) book.add(owners.get(s.assignmentId)!, s.day, s.period);
  return book;
}
