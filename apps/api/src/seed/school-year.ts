/**
 * The demo school's year (issue 37), seeded after the demo school of demo.ts: departments AKL and
 * TKR beside TKJ (a rombel each), the subjects of an SMK, more teachers, teaching assignments (the
 * demo's own classes become the classes of the assignments they fit), wali kelas, the bell times
 * and a full week of lessons for X TKJ 1, the demo teacher's and student's rombel.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import {
  bellPeriods,
  departments,
  homerooms,
  onlineClasses,
  rombelClasses,
  semesters,
  subjectDepartments,
  subjects,
  teachers,
  teachingAssignments,
  timetableSlots,
  users,
} from '../db/schema.js';
import { assignmentClassName, insertAssignment, setAssignmentTeachers } from '../features/teaching-assignments/write.js';
import { ROLE_IDS } from '@kelasku/contract';

/** The demo users' ids by username. */
type Ids = Record<string, number>;

const MORE_TEACHERS = [
  { username: 'guru3', name: 'Ahmad Fauzi', gender: 'L', nip: '197903152006041003', nik: '3471011503790003' },
  { username: 'guru4', name: 'Rina Kartika', gender: 'P', nip: '198806072014022004', nik: '3471010706880004' },
  { username: 'guru5', name: 'Hendra Gunawan', gender: 'L', nip: '198211302009011005', nik: '3471013011820005' },
  { username: 'guru6', name: 'Maya Sari', gender: 'P', nip: '199001182015032006', nik: '3471011801900006' },
] as const;

/** code, name, group, grades, department codes (none: every department). */
const SUBJECTS: Array<[string, string, 'umum' | 'kejuruan' | 'mulok', number[], string[]]> = [
  ['PABP', 'Pendidikan Agama dan Budi Pekerti', 'umum', [10, 11, 12], []],
  ['PP', 'Pendidikan Pancasila', 'umum', [10, 11, 12], []],
  ['BIND', 'Bahasa Indonesia', 'umum', [10, 11, 12], []],
  ['PJOK', 'Pendidikan Jasmani, Olahraga, dan Kesehatan', 'umum', [10, 11], []],
  ['MTK', 'Matematika', 'umum', [10, 11, 12], []],
  ['BING', 'Bahasa Inggris', 'umum', [10, 11, 12], []],
  ['INF', 'Informatika', 'umum', [10], []],
  ['DDTJKT', 'Dasar-dasar Teknik Jaringan Komputer dan Telekomunikasi', 'kejuruan', [10], ['TKJ']],
  ['AIJ', 'Administrasi Infrastruktur Jaringan', 'kejuruan', [11, 12], ['TKJ']],
  ['DDAKL', 'Dasar-dasar Akuntansi dan Keuangan Lembaga', 'kejuruan', [10], ['AKL']],
  ['DDTO', 'Dasar-dasar Teknik Otomotif', 'kejuruan', [10], ['TKR']],
  ['PKK', 'Projek Kreatif dan Kewirausahaan', 'kejuruan', [11, 12], []],
  // Muatan lokal of the demo school in Yogyakarta.
  ['BJAWA', 'Bahasa Jawa', 'mulok', [10, 11, 12], []],
];

/**
 * Teaching assignments: rombel id, subject code, hours per week, teacher usernames (the first owns
 * the class), and the demo class (by name) that becomes its class, if one fits.
 */
const ASSIGNMENTS: Array<[number, string, number, string[], string?]> = [
  [1, 'DDTJKT', 12, ['guru', 'guru2'], 'Komputer dan Jaringan Dasar'],
  [1, 'INF', 4, ['guru'], 'Sistem Komputer'],
  [1, 'PABP', 3, ['guru3']],
  [1, 'PP', 2, ['guru6']],
  [1, 'BIND', 4, ['guru4']],
  [1, 'MTK', 4, ['guru5']],
  [1, 'BING', 3, ['guru6']],
  [1, 'PJOK', 3, ['guru5']],
  [1, 'BJAWA', 2, ['guru4']],
  [2, 'INF', 4, ['guru2'], 'Pemrograman Dasar'],
  [2, 'DDTJKT', 12, ['guru2']],
  [2, 'MTK', 4, ['guru5']],
  [3, 'AIJ', 8, ['guru']],
  [5, 'PKK', 6, ['guru2']],
];

/** Wali kelas by rombel id. */
const HOMEROOMS: Array<[number, string]> = [
  [1, 'guru'],
  [2, 'guru2'],
  [3, 'guru4'],
  [4, 'guru6'],
  [5, 'guru5'],
  [6, 'guru3'],
];

/** Jam ke-N (null: a break) and its times; Senin–Kamis, then Jumat (shorter); Sabtu none. */
const LONG_DAY: Array<[number | null, string, string]> = [
  [1, '07:00', '07:45'],
  [2, '07:45', '08:30'],
  [3, '08:30', '09:15'],
  [4, '09:15', '10:00'],
  [null, '10:00', '10:15'],
  [5, '10:15', '11:00'],
  [6, '11:00', '11:45'],
  [null, '11:45', '12:30'],
  [7, '12:30', '13:15'],
  [8, '13:15', '14:00'],
];
const FRIDAY: Array<[number | null, string, string]> = [
  [1, '07:00', '07:45'],
  [2, '07:45', '08:30'],
  [3, '08:30', '09:15'],
  [null, '09:15', '09:30'],
  [4, '09:30', '10:15'],
  [5, '10:15', '11:00'],
];

/** X TKJ 1's week: per day (1 Senin … 5 Jumat) the subject of each period in order. */
const WEEK: Record<number, string[]> = {
  1: ['PP', 'PP', 'MTK', 'MTK', 'DDTJKT', 'DDTJKT', 'DDTJKT', 'DDTJKT'],
  2: ['BIND', 'BIND', 'INF', 'INF', 'BING', 'BING', 'DDTJKT', 'DDTJKT'],
  3: ['PJOK', 'PJOK', 'PJOK', 'MTK', 'MTK', 'DDTJKT', 'DDTJKT', 'DDTJKT'],
  4: ['PABP', 'PABP', 'PABP', 'BIND', 'BIND', 'INF', 'INF', 'BING'],
  5: ['DDTJKT', 'DDTJKT', 'DDTJKT', 'BJAWA', 'BJAWA'],
};

/** Seeds the school year of the demo school (inside seedDemo's transaction). */
export async function seedSchoolYear(tx: Tx, demoIds: Ids, teacherPasswordHash: string): Promise<void> {
  const [semester] = await tx.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  if (!semester) return;
  const rombelIds = await seedDepartments(tx);
  const ids = { ...demoIds, ...(await insertTeachers(tx, teacherPasswordHash)) };
  const subjectIds = await insertSubjects(tx);
  const assignmentIds = await insertAssignments(tx, semester.id, ids, subjectIds, rombelIds);
  await tx
    .insert(homerooms)
    .values(HOMEROOMS.map(([rombelClassId, u]) => ({ semesterId: semester.id, rombelClassId, teacherId: ids[u]! })));
  await tx
    .insert(bellPeriods)
    .values(
      [1, 2, 3, 4, 5].flatMap((day) =>
        (day === 5 ? FRIDAY : LONG_DAY).map(([period, startsAt, endsAt]) => ({ day, period, startsAt, endsAt })),
      ),
    );
  await tx.insert(timetableSlots).values(
    Object.entries(WEEK).flatMap(([day, codes]) =>
      codes.map((code, i) => ({
        semesterId: semester.id,
        assignmentId: assignmentIds[`1 ${code}`]!,
        rombelClassId: 1,
        day: Number(day),
        period: i + 1,
      })),
    ),
  );
}

/** TKJ as before; AKL enabled and TKR added, each with a rombel of grade 10. Returns every rombel's id by name. */
async function seedDepartments(tx: Tx): Promise<Record<string, number>> {
  await tx.update(departments).set({ enabled: true }).where(eq(departments.code, 'AKL'));
  await tx.insert(departments).values({ code: 'TKR', name: 'Teknik Kendaraan Ringan', shortName: 'TKR', enabled: true });
  const dep = Object.fromEntries((await tx.select().from(departments)).map((d) => [d.code, d.id]));
  await tx.insert(rombelClasses).values([
    { departmentId: dep.AKL!, name: 'X AKL 1', grade: 10 },
    { departmentId: dep.TKR!, name: 'X TKR 1', grade: 10 },
  ]);
  return Object.fromEntries(
    (await tx.select({ id: rombelClasses.id, name: rombelClasses.name }).from(rombelClasses)).map((r) => [r.name, r.id]),
  );
}

async function insertTeachers(tx: Tx, passwordHash: string): Promise<Ids> {
  const rows = await tx
    .insert(users)
    .values(
      MORE_TEACHERS.map((p) => ({
        roleId: ROLE_IDS.teacher,
        name: p.name,
        username: p.username,
        email: `${p.name.toLowerCase().replace(' ', '.')}@kelasku.sch.id`,
        gender: p.gender,
        religion: 'Islam',
        birthday: '1986-08-17',
        address: 'Jl. Pendidikan No. 1, Yogyakarta',
        passwordHash,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const ids = Object.fromEntries(rows.map((u) => [u.username, u.id])) as Ids;
  await tx.insert(teachers).values(MORE_TEACHERS.map((p) => ({ userId: ids[p.username]!, nip: p.nip, nik: p.nik })));
  return ids;
}

async function insertSubjects(tx: Tx): Promise<Record<string, { id: number; name: string }>> {
  const rows = await tx
    .insert(subjects)
    .values(SUBJECTS.map(([code, name, group, grades]) => ({ code, name, group, grades })))
    .returning({ id: subjects.id, code: subjects.code, name: subjects.name });
  const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
  const dep = Object.fromEntries((await tx.select().from(departments)).map((d) => [d.code, d.id]));
  await tx
    .insert(subjectDepartments)
    .values(SUBJECTS.flatMap(([code, , , , deps]) => deps.map((d) => ({ subjectId: byCode[code]!.id, departmentId: dep[d]! }))));
  return byCode;
}

/** The assignments; a demo class that fits becomes the assignment's class. Returns their ids by "rombelId CODE". */
async function insertAssignments(
  tx: Tx,
  semesterId: number,
  ids: Ids,
  subjectIds: Record<string, { id: number; name: string }>,
  rombelIds: Record<string, number>,
): Promise<Record<string, number>> {
  const names = ASSIGNMENTS.flatMap(([, , , , c]) => (c ? [c] : []));
  const demoClasses = Object.fromEntries(
    (await tx.select({ id: onlineClasses.id, name: onlineClasses.name }).from(onlineClasses).where(inArray(onlineClasses.name, names))).map(
      (c) => [c.name, c.id],
    ),
  );
  const rombelName = Object.fromEntries(Object.entries(rombelIds).map(([name, id]) => [id, name]));
  const out: Record<string, number> = {};
  for (const [rombelId, code, hoursPerWeek, usernames, className] of ASSIGNMENTS) {
    const subject = subjectIds[code]!;
    const teacherIds = usernames.map((u) => ids[u]!);
    const existing = className ? demoClasses[className] : undefined;
    if (existing) {
      const [row] = await tx
        .insert(teachingAssignments)
        .values({ semesterId, rombelClassId: rombelId, subjectId: subject.id, hoursPerWeek, onlineClassId: existing })
        .returning({ id: teachingAssignments.id });
      await setAssignmentTeachers(tx, row!.id, existing, teacherIds);
      out[`${rombelId} ${code}`] = row!.id;
    } else {
      const className = assignmentClassName(subject.name, rombelName[rombelId]!);
      const made = await insertAssignment(tx, { semesterId, rombelId, subjectId: subject.id, teacherIds, hoursPerWeek, className });
      out[`${rombelId} ${code}`] = made.id;
    }
  }
  return out;
}
