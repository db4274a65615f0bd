/** Writing a planned FET import in the caller's one transaction: departments, rombels, subjects, teachers, assignments, slots, bell. */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ROLE_IDS, TIMETABLE_MSG, type FetResult } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { departments, rombelClasses, subjects, teachingAssignments, timetableSlots, userImports, users } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { hashPassword } from '../../auth/passwords.js';
import { insertUser, saveDetails } from '../users/queries.js';
import { generatePassword, usernameBase } from '../imports/plan.js';
import type { Credential } from '../imports/write.js';
import { assignmentClassName, insertAssignment, setAssignmentTeachers } from '../teaching-assignments/write.js';
import { defaultBell, replaceBell } from '../timetable/bell.js';
import type { FetPlan } from './plan.js';

/** The department of each short name, made (enabled) when missing and enabled when disabled. */
async function writeDepartments(tx: Executor, shortNames: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const short of shortNames) {
    const [found] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(or(sql`lower(${departments.shortName}) = ${short.toLowerCase()}`, sql`lower(${departments.code}) = ${short.toLowerCase()}`))
      .limit(1);
    if (found) {
      await tx.update(departments).set({ enabled: true }).where(eq(departments.id, found.id));
      out.set(short, found.id);
    } else {
      const [row] = await tx
        .insert(departments)
        .values({ code: short, name: short, shortName: short, enabled: true })
        .returning({ id: departments.id });
      out.set(short, row!.id);
    }
  }
  return out;
}

/** New teacher accounts for the FET teachers without one, with their first passwords for the slips. */
async function writeTeachers(tx: Executor, plan: FetPlan): Promise<{ ids: Map<string, number>; credentials: Credential[] }> {
  const ids = new Map<string, number>();
  const credentials: Credential[] = [];
  const chosen = [...plan.teachers.values()].flatMap((t) => (t.userId === null ? [] : [t.userId]));
  const valid = chosen.length
    ? new Set(
        (await tx.select({ id: users.id, roleId: users.roleId, status: users.status }).from(users).where(inArray(users.id, chosen)))
          .filter((u) => u.roleId === ROLE_IDS.teacher && u.status === 1)
          .map((u) => u.id),
      )
    : new Set<number>();
  const taken = new Set((await tx.select({ u: sql<string>`lower(${users.username})` }).from(users)).map((r) => r.u));
  let line = 0;
  for (const t of plan.teachers.values()) {
    line++;
    if (t.userId !== null) {
      if (!valid.has(t.userId))
        throw new HttpError(422, TIMETABLE_MSG.fetTeacherChoice(t.fetNames[0]!), {
          teachers: [TIMETABLE_MSG.fetTeacherChoice(t.fetNames[0]!)],
        });
      ids.set(t.key, t.userId);
      continue;
    }
    const base = usernameBase(t.name.split(',')[0]!);
    let username = base;
    for (let n = 2; taken.has(username); n++) username = `${base}${n}`;
    taken.add(username);
    const password = generatePassword();
    const id = await insertUser(tx, {
      name: t.name,
      username,
      roleId: ROLE_IDS.teacher,
      passwordHash: await hashPassword(password),
      status: 1,
      mustChangePassword: true,
    });
    await saveDetails(tx, id, ROLE_IDS.teacher, {}, false);
    ids.set(t.key, id);
    credentials.push({ userId: id, line, name: t.name, role: 'teacher', rombel: null, username, password });
  }
  return { ids, credentials };
}

/** Writes the plan; `adminId` owns the slips. */
export async function writeFet(tx: Executor, semesterId: number, plan: FetPlan, adminId: number): Promise<FetResult> {
  const missingRombels = [...plan.rombels.values()].filter((r) => r.id === null);
  const departmentIds = await writeDepartments(tx, [...new Set([...plan.rombels.values()].map((r) => r.department))]);
  const rombelIds = new Map<string, number>();
  for (const r of plan.rombels.values()) {
    const id =
      r.id ??
      (
        await tx
          .insert(rombelClasses)
          .values({ name: r.name, grade: r.grade, departmentId: departmentIds.get(r.department)! })
          .returning({ id: rombelClasses.id })
      )[0]!.id;
    rombelIds.set(r.fetName, id);
  }
  const subjectIds = new Map<string, number>();
  let subjectsCreated = 0;
  for (const s of plan.subjects.values()) {
    if (s.id === null) subjectsCreated++;
    subjectIds.set(
      s.fetName,
      s.id ?? (await tx.insert(subjects).values({ code: s.code, name: s.name, group: s.group }).returning({ id: subjects.id }))[0]!.id,
    );
  }
  const { ids: teacherIds, credentials } = await writeTeachers(tx, plan);
  const assignmentIds = new Map<string, number>();
  for (const [key, pa] of plan.assignments) {
    const teacherList = pa.teacherKeys.map((k) => teacherIds.get(k)!);
    const hoursPerWeek = Math.min(pa.hours, 32767);
    if (pa.existingId !== null) {
      const [row] = await tx.update(teachingAssignments).set({ hoursPerWeek }).where(eq(teachingAssignments.id, pa.existingId)).returning();
      await setAssignmentTeachers(tx, pa.existingId, row!.onlineClassId, teacherList);
      assignmentIds.set(key, pa.existingId);
    } else {
      const subject = plan.subjects.get(pa.subject)!;
      const rombel = plan.rombels.get(pa.group)!;
      const made = await insertAssignment(tx, {
        semesterId,
        rombelId: rombelIds.get(pa.group)!,
        subjectId: subjectIds.get(pa.subject)!,
        teacherIds: teacherList,
        hoursPerWeek,
        className: assignmentClassName(subject.name, rombel.name),
      });
      assignmentIds.set(key, made.id);
    }
  }
  if (plan.placements.length > 0) {
    // The file's timetable replaces the whole week of each rombel it names (the preview warns of it),
    // so a second import writes no duplicate and a school that runs FET again gets FET's week.
    const rombels = [...new Set(rombelIds.values())];
    await tx.delete(timetableSlots).where(and(eq(timetableSlots.semesterId, semesterId), inArray(timetableSlots.rombelClassId, rombels)));
    const rows = plan.placements.map((p) => {
      const pa = plan.assignments.get(p.assignment)!;
      return {
        semesterId,
        assignmentId: assignmentIds.get(p.assignment)!,
        rombelClassId: rombelIds.get(pa.group)!,
        day: p.day,
        period: p.period,
      };
    });
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(timetableSlots).values(rows.slice(i, i + 1000));
  }
  if (plan.bellEmpty && plan.placements.length > 0) {
    await replaceBell(tx, defaultBell(plan.preview.days.length, plan.preview.hours));
  }
  let slipsImportId: number | null = null;
  if (credentials.length > 0) {
    const [row] = await tx
      .insert(userImports)
      .values({
        createdBy: adminId,
        status: 'done',
        total: credentials.length,
        done: credentials.length,
        // `source`: written here, not by the import job (which also tells the admin in the bell).
        summary: { create: credentials.length, update: 0, unchanged: 0, source: 'fet' },
        credentials,
        finishedAt: new Date(),
      })
      .returning({ id: userImports.id });
    slipsImportId = row!.id;
  }
  return {
    teachers_created: credentials.length,
    subjects_created: subjectsCreated,
    rombels_created: missingRombels.length,
    assignments: plan.assignments.size,
    slots: plan.placements.length,
    slips_import_id: slipsImportId,
  };
}
