/**
 * What a FET file would do to the active semester: the preview, and the plan the import writes.
 * Planned again inside the import's transaction, so both say the same.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_IDS, TIMETABLE_MSG, type FetPreview } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import {
  bellPeriods,
  departments,
  rombelClasses,
  subjects,
  teachers,
  teachingAssignments,
  timetableSlots,
  users,
} from '../../db/schema.js';
import { ClashBook, clashBook, type SlotOwner } from '../timetable/clash.js';
import { dayOf } from '../timetable/sheet-import.js';
import type { CsvPlacement, FetFile } from './parse.js';
import { nipIn, rombelOf, subjectCode, subjectName, teacherDisplayName, teacherKey, type RombelName } from './names.js';

export interface PlanTeacher {
  key: string;
  fetNames: string[];
  name: string;
  match: { id: number; name: string; nip: string | null } | null;
  /** The account it becomes: the admin's choice, else the match; null makes a new one. */
  userId: number | null;
  activities: number;
}
export interface PlanRombel extends RombelName {
  fetName: string;
  id: number | null;
}
export interface PlanSubject {
  fetName: string;
  code: string;
  name: string;
  group: 'umum' | 'kejuruan';
  id: number | null;
}
export interface PlanAssignment {
  group: string;
  subject: string;
  teacherKeys: string[];
  hours: number;
  existingId: number | null;
}
export interface FetPlan {
  preview: FetPreview;
  teachers: Map<string, PlanTeacher>;
  rombels: Map<string, PlanRombel>;
  subjects: Map<string, PlanSubject>;
  assignments: Map<string, PlanAssignment>;
  placements: { assignment: string; day: number; period: number }[];
  bellEmpty: boolean;
}

const pairKey = (group: string, subject: string) => `${group}\u0000${subject}`;

/** The teachers the activities name, one per person (two spellings of one key are one teacher). */
async function planTeachers(
  db: Executor,
  file: FetFile,
  choices: Map<string, number | null>,
  warnings: string[],
): Promise<Map<string, PlanTeacher>> {
  const accounts = await db
    .select({ id: users.id, name: users.name, nip: teachers.nip })
    .from(users)
    .leftJoin(teachers, eq(teachers.userId, users.id))
    .where(and(eq(users.roleId, ROLE_IDS.teacher), eq(users.status, 1)));
  const byKey = new Map(accounts.map((a) => [teacherKey(a.name), a]));
  const byNip = new Map(accounts.filter((a) => a.nip).map((a) => [a.nip!, a]));
  const out = new Map<string, PlanTeacher>();
  for (const a of file.activities) {
    for (const fetName of a.teachers) {
      const key = teacherKey(fetName) || fetName.toLowerCase();
      let t = out.get(key);
      if (!t) {
        const nip = nipIn(fetName);
        const match = (nip ? byNip.get(nip) : undefined) ?? byKey.get(key) ?? null;
        t = { key, fetNames: [fetName], name: teacherDisplayName(fetName), match, userId: match?.id ?? null, activities: 0 };
        out.set(key, t);
      } else if (!t.fetNames.includes(fetName)) {
        warnings.push(TIMETABLE_MSG.fetTeacherTwice(t.fetNames[0]!, fetName));
        t.fetNames.push(fetName);
      }
      t.activities++;
    }
  }
  for (const t of out.values()) {
    const chosen = t.fetNames.map((n) => choices.get(n)).find((c) => c !== undefined);
    if (chosen !== undefined) t.userId = chosen;
  }
  return out;
}

/** The rombels and subjects of the activities, and one assignment per (rombel, subject). */
async function planStructure(db: Executor, semesterId: number, file: FetFile, plan: FetPlan, warnings: string[]) {
  const rombelRows = await db.select({ id: rombelClasses.id, name: rombelClasses.name }).from(rombelClasses);
  const rombelByName = new Map(rombelRows.map((r) => [r.name.toLowerCase(), r.id]));
  const skippedSets = new Set<string>();
  let skipped = 0;
  for (const a of file.activities) {
    if (a.teachers.length === 0) {
      warnings.push(TIMETABLE_MSG.fetNoTeacher(a.id));
      skipped++;
      continue;
    }
    let used = false;
    for (const set of a.students) {
      const r = file.groups.has(set) ? rombelOf(set) : null;
      if (!r) {
        if (!skippedSets.has(set)) warnings.push(TIMETABLE_MSG.fetNotRombel(set));
        skippedSets.add(set);
        continue;
      }
      used = true;
      if (!plan.rombels.has(set))
        plan.rombels.set(set, {
          ...r,
          fetName: set,
          id: rombelByName.get(r.name.toLowerCase()) ?? rombelByName.get(set.toLowerCase()) ?? null,
        });
      const key = pairKey(set, a.subject);
      const pa = plan.assignments.get(key) ?? { group: set, subject: a.subject, teacherKeys: [], hours: 0, existingId: null };
      pa.hours += a.duration;
      for (const t of a.teachers) {
        const tk = teacherKey(t) || t.toLowerCase();
        if (!pa.teacherKeys.includes(tk)) pa.teacherKeys.push(tk);
      }
      plan.assignments.set(key, pa);
    }
    if (!used) skipped++;
  }
  const subjectRows = await db.select({ id: subjects.id, code: subjects.code, name: subjects.name }).from(subjects);
  const codes = new Set(subjectRows.map((s) => s.code.toLowerCase()));
  const departmentsOf = new Map<string, Set<string>>();
  for (const pa of plan.assignments.values()) {
    const set = departmentsOf.get(pa.subject) ?? new Set<string>();
    set.add(plan.rombels.get(pa.group)!.department);
    departmentsOf.set(pa.subject, set);
  }
  const allDepartments = new Set([...plan.rombels.values()].map((r) => r.department));
  for (const [fetName, deps] of departmentsOf) {
    const name = subjectName(fetName);
    const existing = subjectRows.find((s) => s.name.toLowerCase() === name.toLowerCase() || s.code.toLowerCase() === fetName.toLowerCase());
    let code = existing?.code ?? subjectCode(fetName);
    for (let n = 2; !existing && codes.has(code.toLowerCase()); n++) code = `${subjectCode(fetName).slice(0, 10)}${n}`;
    codes.add(code.toLowerCase());
    // Taught to the rombels of one department only (in a file of several): kejuruan; otherwise umum.
    const group = deps.size === 1 && allDepartments.size > 1 ? 'kejuruan' : 'umum';
    plan.subjects.set(fetName, { fetName, code, name: existing?.name ?? name, group, id: existing?.id ?? null });
  }
  const known = [...plan.assignments.values()].filter(
    (pa) => plan.rombels.get(pa.group)!.id !== null && plan.subjects.get(pa.subject)!.id !== null,
  );
  if (known.length > 0) {
    const rows = await db
      .select({ id: teachingAssignments.id, rombelId: teachingAssignments.rombelClassId, subjectId: teachingAssignments.subjectId })
      .from(teachingAssignments)
      .where(
        and(
          eq(teachingAssignments.semesterId, semesterId),
          inArray(
            teachingAssignments.rombelClassId,
            known.map((pa) => plan.rombels.get(pa.group)!.id!),
          ),
        ),
      );
    for (const pa of known) {
      pa.existingId =
        rows.find((r) => r.rombelId === plan.rombels.get(pa.group)!.id && r.subjectId === plan.subjects.get(pa.subject)!.id)?.id ?? null;
    }
  }
  return skipped;
}

/** The CSV's lesson periods, each checked: its activity, day and hour, the bell, clashes. */
/** The slots of the semester that the file's timetable replaces: every slot of the rombels it names. */
async function replacedSlots(db: Executor, semesterId: number, rombelIds: number[]) {
  if (rombelIds.length === 0) return { assignmentIds: [], perRombel: [] };
  const rows = await db
    .select({ assignmentId: timetableSlots.assignmentId, rombel: rombelClasses.name, slots: sql<number>`count(*)::int` })
    .from(timetableSlots)
    .innerJoin(rombelClasses, eq(rombelClasses.id, timetableSlots.rombelClassId))
    .where(and(eq(timetableSlots.semesterId, semesterId), inArray(timetableSlots.rombelClassId, rombelIds)))
    .groupBy(timetableSlots.assignmentId, rombelClasses.name)
    .orderBy(rombelClasses.name);
  const perRombel = new Map<string, number>();
  for (const r of rows) perRombel.set(r.rombel, (perRombel.get(r.rombel) ?? 0) + r.slots);
  return { assignmentIds: rows.map((r) => r.assignmentId), perRombel: [...perRombel].map(([rombel, slots]) => ({ rombel, slots })) };
}

async function planSlots(
  db: Executor,
  semesterId: number,
  file: FetFile,
  csv: CsvPlacement[],
  plan: FetPlan,
  errors: string[],
  warnings: string[],
) {
  const bell = await db.select({ day: bellPeriods.day, period: bellPeriods.period }).from(bellPeriods);
  plan.bellEmpty = bell.length === 0;
  const bellKeys = new Set(bell.map((b) => `${b.day}:${b.period}`));
  // The file's timetable replaces the whole week of each rombel it names (write.ts): those slots do not clash.
  const rombelIds = [...plan.rombels.values()].flatMap((r) => (r.id === null ? [] : [r.id]));
  const replaced = await replacedSlots(db, semesterId, rombelIds);
  const book: ClashBook = await clashBook(db, semesterId, null, replaced.assignmentIds);
  for (const r of replaced.perRombel) warnings.push(TIMETABLE_MSG.fetSlotsReplaced(r.rombel, r.slots));
  const activities = new Map(file.activities.map((a) => [a.id, a]));
  const teacherIds = new Map<string, number>();
  let pseudo = -1;
  const idOf = (t: PlanTeacher) => t.userId ?? teacherIds.get(t.key) ?? (teacherIds.set(t.key, pseudo--), teacherIds.get(t.key)!);
  for (const c of csv) {
    const a = activities.get(c.activityId);
    if (!a) {
      errors.push(TIMETABLE_MSG.fetActivityUnknown(c.row, c.activityId));
      continue;
    }
    const dayIndex = file.days.indexOf(c.day);
    const period = file.hours.indexOf(c.hour) + 1;
    const day = dayIndex >= 0 && dayIndex < 7 ? dayIndex + 1 : dayOf(c.day);
    if (day === null || period === 0 || period > 20) {
      errors.push(TIMETABLE_MSG.fetCsvSlot(c.row, c.day, c.hour));
      continue;
    }
    for (const set of a.students) {
      const pa = plan.assignments.get(pairKey(set, a.subject));
      if (!pa) continue;
      if (!plan.bellEmpty && !bellKeys.has(`${day}:${period}`)) {
        errors.push(`Baris ${c.row} jadwal FET: ${TIMETABLE_MSG.periodUnknown(file.days[dayIndex] ?? c.day, period)}`);
        continue;
      }
      const r = plan.rombels.get(set)!;
      const owner: SlotOwner = {
        assignmentId: 0,
        rombelId: r.id ?? -[...plan.rombels.keys()].indexOf(set) - 1,
        rombelName: r.name,
        subjectName: plan.subjects.get(a.subject)!.name,
        // The activity's own teachers: an assignment joins every activity of its rombel and subject, each with its teachers.
        teachers: a.teachers.map((n) => plan.teachers.get(teacherKey(n) || n.toLowerCase())!).map((t) => ({ id: idOf(t), name: t.name })),
      };
      const clash = book.refusal(owner, day, period);
      if (clash) {
        errors.push(`Baris ${c.row} jadwal FET (aktivitas ${a.id}): ${clash}`);
        continue;
      }
      book.add(owner, day, period);
      plan.placements.push({ assignment: pairKey(set, a.subject), day, period });
    }
  }
}

/** Plans the file (and the timetable CSV when given) against the active semester `semesterId`. */
export async function planFet(
  db: Executor,
  semesterId: number,
  file: FetFile,
  csv: CsvPlacement[] | null,
  choices: Map<string, number | null> = new Map(),
): Promise<FetPlan> {
  const warnings: string[] = [];
  const errors: string[] = [];
  const plan = {
    teachers: await planTeachers(db, file, choices, warnings),
    rombels: new Map(),
    subjects: new Map(),
    assignments: new Map(),
    placements: [],
    bellEmpty: false,
  } as Omit<FetPlan, 'preview'> as FetPlan;
  const skipped = await planStructure(db, semesterId, file, plan, warnings);
  if (csv) await planSlots(db, semesterId, file, csv, plan, errors, warnings);
  const departmentRows = await db.select({ code: departments.code, short: departments.shortName }).from(departments);
  const departmentKnown = (d: string) =>
    departmentRows.some((r) => r.short.toLowerCase() === d.toLowerCase() || r.code.toLowerCase() === d.toLowerCase());
  plan.preview = {
    institution: file.institution,
    days: file.days,
    hours: file.hours.length,
    teachers: [...plan.teachers.values()].map((t) => ({
      fet_name: t.fetNames[0]!,
      name: t.name,
      also: t.fetNames.slice(1),
      match: t.match,
      activities: t.activities,
    })),
    subjects: [...plan.subjects.values()].map((s) => ({ fet_name: s.fetName, code: s.code, name: s.name, exists: s.id !== null })),
    rombels: [...plan.rombels.values()].map((r) => ({
      fet_name: r.fetName,
      name: r.name,
      grade: r.grade,
      department: departmentKnown(r.department) ? r.department : `${r.department} (baru)`,
      exists: r.id !== null,
    })),
    assignments: plan.assignments.size,
    slots: plan.placements.length,
    warnings,
    errors,
    totals: {
      activities: file.activities.length,
      skipped,
      hours_per_week: [...plan.assignments.values()].reduce((n, pa) => n + pa.hours, 0),
    },
  };
  return plan;
}
