import { useMemo, useState } from 'react';
import type { AssignmentGrid, Subject, TeacherRef, TeachingAssignment } from '@kelasku/contract';
import { useDepartments } from '../../api/rombels';
import { useAssignmentGrid, useSemesters, useSubjects } from '../../api/teaching';
import { matches } from '../../components/AdminParts';

export type GridRombel = AssignmentGrid['rombels'][number];
export type GridSubject = AssignmentGrid['subjects'][number];

/** The cell a dialog is open for: a rombel's subject and its assignment (null: none yet). */
export interface CellTarget {
  semesterId: number;
  rombel: GridRombel;
  subject: GridSubject;
  assignment: TeachingAssignment | null;
}

/** More rows than a screen can hold in a grid: the filters narrow it down. */
export const MAX_ROWS = 100;

/** "Budi Santoso" → "Budi S."; one word stays whole. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return words[0] ?? '';
  return `${words[0]} ${words[words.length - 1]![0]!.toUpperCase()}.`;
}

export const teachersShort = (teachers: TeacherRef[]) => teachers.map((t) => shortName(t.name)).join(', ');

/** Does the subject's list of grades and departments take this rombel? Unknown subjects: yes. */
function takes(subject: Subject | undefined, rombel: GridRombel): boolean {
  if (!subject) return true;
  const grade = subject.grades.length === 0 || subject.grades.includes(rombel.grade);
  const department = subject.departments.length === 0 || subject.departments.some((d) => d.id === rombel.department_id);
  return grade && department;
}

const cellKey = (rombelId: number, subjectId: number) => `${rombelId}:${subjectId}`;

/** The state and the derived data of the Pembagian Tugas page (both the grid and the phone list). */
export function useTeachingGrid() {
  const semesters = useSemesters();
  const [chosenSemester, setSemester] = useState<number | null>(null);
  const activeSemester = semesters.data?.find((s) => s.active)?.id ?? null;
  const semesterId = chosenSemester ?? activeSemester;
  const grid = useAssignmentGrid(semesterId);
  const subjects = useSubjects();
  const departments = useDepartments();

  const [grade, setGrade] = useState('');
  const [department, setDepartment] = useState('');
  const [search, setSearch] = useState('');
  const [phoneRombel, setPhoneRombel] = useState<number | null>(null);
  const [target, setTarget] = useState<CellTarget | null>(null);

  const derived = useMemo(() => {
    const g = grid.data;
    if (!g) return null;
    const full = new Map((subjects.data ?? []).map((s) => [s.id, s]));
    const cells = new Map(g.assignments.map((a) => [cellKey(a.rombel.id, a.subject.id), a]));
    const filtered = g.rombels.filter(
      (r) => (!grade || r.grade === Number(grade)) && (!department || r.department_id === Number(department)) && matches(search, r.name),
    );
    const rombels = filtered.slice(0, MAX_ROWS);
    const cell = (rombelId: number, subjectId: number) => cells.get(cellKey(rombelId, subjectId)) ?? null;
    /** A rombel's subjects: those that take it, and any other it has an assignment of. */
    const subjectsOf = (r: GridRombel) => g.subjects.filter((s) => takes(full.get(s.id), r) || cell(r.id, s.id) !== null);
    const columns = g.subjects.filter((s) => rombels.some((r) => takes(full.get(s.id), r) || cell(r.id, s.id) !== null));
    const hours = new Map<number, number>();
    for (const a of g.assignments) hours.set(a.rombel.id, (hours.get(a.rombel.id) ?? 0) + a.hours_per_week);
    return {
      semesterId: g.semester_id,
      rombels,
      hidden: filtered.length - rombels.length,
      allRombels: filtered,
      columns,
      cell,
      subjectsOf,
      hours,
    };
  }, [grid.data, subjects.data, grade, department, search]);

  const open = (rombel: GridRombel, subject: GridSubject) => {
    if (!derived) return;
    setTarget({ semesterId: derived.semesterId, rombel, subject, assignment: derived.cell(rombel.id, subject.id) });
  };

  // The phone's rombel: the one picked while it is still in the filtered list, else the first.
  const phoneChoice = derived?.allRombels.find((r) => r.id === phoneRombel) ?? derived?.allRombels[0] ?? null;

  return {
    semesters,
    semesterId,
    setSemester,
    grid,
    departments,
    filters: { grade, setGrade, department, setDepartment, search, setSearch },
    derived,
    phoneRombel: phoneChoice,
    setPhoneRombel,
    target,
    open,
    close: () => setTarget(null),
  };
}

export type TeachingGridState = ReturnType<typeof useTeachingGrid>;
