import { useMemo, useState } from 'react';
import { slotLabel, type AssignmentGrid, type TeachingAssignment, type TimetableSlot, type TimetableWeek } from '@kelasku/contract';
import { useAddSlot, useAssignmentGrid, useDeleteSlot, useTimetableWeek, type WeekOf } from '../../api/timetable';
import { confirmDelete } from '../../components/ConfirmDelete';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';

export type WeekMode = 'rombel' | 'teacher';

/** The days a week shows: those with bell times, Senin … Sabtu at least when none are set. */
export function weekDays(week: TimetableWeek): number[] {
  const days = week.bell.filter((d) => d.periods.length > 0).map((d) => d.day);
  return days.length ? days.sort((a, b) => a - b) : [1, 2, 3, 4, 5, 6];
}

/** The lesson periods of the week (the union over days) and the slots without bell times too. */
export function weekPeriods(week: TimetableWeek): number[] {
  const set = new Set<number>();
  for (const d of week.bell) for (const p of d.periods) if (p.period !== null) set.add(p.period);
  for (const s of week.slots) set.add(s.period);
  return [...set].sort((a, b) => a - b);
}

/** "07.00–07.45" of a period on a day, or null. */
export function periodTime(week: TimetableWeek, day: number, period: number): string | null {
  const p = week.bell.find((d) => d.day === day)?.periods.find((x) => x.period === period);
  return p ? `${p.starts_at}–${p.ends_at}` : null;
}

export const slotsAt = (week: TimetableWeek, day: number, period: number): TimetableSlot[] =>
  week.slots.filter((s) => s.day === day && s.period === period);

/** The teachers named in the semester's assignments, by name. */
function teachersOf(grid: AssignmentGrid | undefined) {
  const byId = new Map<number, string>();
  for (const a of grid?.assignments ?? []) for (const t of a.teachers) byId.set(t.id, t.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'id'));
}

/** The week tab's state: whose week, the slot picker, placing and removing slots. */
export function useWeek() {
  const grid = useAssignmentGrid();
  const [mode, setMode] = useState<WeekMode>('rombel');
  const [chosen, setChosen] = useState<string | null>(null);
  const [picking, setPicking] = useState<{ day: number; period: number } | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const add = useAddSlot();
  const remove = useDeleteSlot();

  const id = chosen ? Number(chosen) : null;
  const of: WeekOf | null = id === null ? null : mode === 'rombel' ? { rombel_id: id } : { teacher_id: id };
  const week = useTimetableWeek(of);
  const teachers = useMemo(() => teachersOf(grid.data), [grid.data]);

  /** The assignments the "+" of a cell offers: the rombel's, or the teacher's. */
  const choices: TeachingAssignment[] = (grid.data?.assignments ?? []).filter((a) =>
    id === null ? false : mode === 'rombel' ? a.rombel.id === id : a.teachers.some((t) => t.id === id),
  );

  const switchMode = (m: WeekMode) => {
    setMode(m);
    setChosen(null);
  };
  const openPicker = (day: number, period: number) => {
    setPickError(null);
    setPicking({ day, period });
  };
  const place = (assignmentId: number) => {
    if (!picking) return;
    setPickError(null);
    add.mutate(
      { assignment_id: assignmentId, ...picking },
      {
        onSuccess: (res) => {
          toastSuccess(res.message ?? 'Jadwal berhasil disimpan');
          setPicking(null);
        },
        onError: (err) => setPickError(errorMessage(err)),
      },
    );
  };
  const askDelete = (slot: TimetableSlot) =>
    confirmDelete({
      title: 'Hapus jadwal',
      message: `Hapus ${slot.subject.name} (${slot.rombel.name}) dari ${slotLabel(slot.day, slot.period)}?`,
      onConfirm: () =>
        remove.mutate(slot.id, {
          onSuccess: (res) => toastSuccess(res.message ?? 'Jadwal dihapus'),
          onError: (err) => toastError(errorMessage(err)),
        }),
    });

  return {
    grid,
    mode,
    switchMode,
    chosen,
    setChosen,
    teachers,
    week,
    choices,
    picking,
    pickError,
    placing: add.isPending,
    openPicker,
    closePicker: () => setPicking(null),
    place,
    askDelete,
  };
}
export type Week = ReturnType<typeof useWeek>;
