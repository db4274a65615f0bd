import { useEffect, useState } from 'react';
import { bellTimesBody, type BellDay, type BellTimesBody } from '@kelasku/contract';
import { useBellTimes, useSaveBellTimes } from '../../api/timetable';
import { ApiError } from '../../api/client';
import { errorMessage, toastSuccess } from '../../lib/toast';

/** One row of a day: a lesson period (numbered in order) or a break. */
export interface BellRow {
  key: number;
  kind: 'period' | 'break';
  starts_at: string;
  ends_at: string;
}

/** Senin … Sabtu: the school days the screen edits. */
export const SCHOOL_DAYS = [1, 2, 3, 4, 5, 6] as const;

let nextKey = 1;
const rowOf = (p: BellDay['periods'][number]): BellRow => ({
  key: nextKey++,
  kind: p.period === null ? 'break' : 'period',
  starts_at: p.starts_at,
  ends_at: p.ends_at,
});

/** "07.45" plus `minutes`, as "08.30" (a new row starts where the last one ended). */
export function addMinutes(time: string, minutes: number): string {
  const m = /^(\d{1,2})[.:](\d{2})$/.exec(time);
  if (!m) return '';
  const total = Math.min(23 * 60 + 59, Number(m[1]) * 60 + Number(m[2]) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}.${String(total % 60).padStart(2, '0')}`;
}

/** The body of a save: every school day, its rows numbered "jam ke-1, 2 …" in order, breaks without a number. */
export function toBody(days: Record<number, BellRow[]>): BellTimesBody {
  return {
    days: SCHOOL_DAYS.map((day) => {
      let n = 0;
      const periods = (days[day] ?? []).map((r) => ({
        period: r.kind === 'period' ? ++n : null,
        starts_at: r.starts_at.trim(),
        ends_at: r.ends_at.trim(),
      }));
      return { day, periods };
    }),
  };
}

/** Field messages keyed "day.row.field" (1-based day, 0-based row), from a check's or the server's paths "days.i.periods.j.field". */
function fieldErrors(paths: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of paths) {
    const m = /^days\.(\d+)\.periods\.(\d+)\.(starts_at|ends_at)$/.exec(path);
    if (m) out[`${Number(m[1]) + 1}.${m[2]}.${m[3]}`] ??= message;
  }
  return out;
}

/** The bell-times editor: the rows per day, adding, removing, copying Senin, the checks and the save. */
export function useBellTimesForm() {
  const query = useBellTimes();
  const save = useSaveBellTimes();
  const [days, setDays] = useState<Record<number, BellRow[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!query.data) return;
    const next: Record<number, BellRow[]> = {};
    for (const d of query.data) next[d.day] = d.periods.map(rowOf);
    setDays(next);
  }, [query.data]);

  const change = (day: number, rows: BellRow[]) => {
    setDays((prev) => ({ ...prev, [day]: rows }));
    setErrors({});
    setMessage(null);
  };
  const add = (day: number, kind: BellRow['kind']) => {
    const rows = days[day] ?? [];
    const start = rows.at(-1)?.ends_at ?? '07.00';
    change(day, [...rows, { key: nextKey++, kind, starts_at: start, ends_at: addMinutes(start, kind === 'period' ? 45 : 15) }]);
  };
  const edit = (day: number, key: number, field: 'starts_at' | 'ends_at', value: string) =>
    change(
      day,
      (days[day] ?? []).map((r) => (r.key === key ? { ...r, [field]: value } : r)),
    );
  const remove = (day: number, key: number) =>
    change(
      day,
      (days[day] ?? []).filter((r) => r.key !== key),
    );
  const copyMonday = (day: number) =>
    change(
      day,
      (days[1] ?? []).map((r) => ({ ...r, key: nextKey++ })),
    );

  const submit = () => {
    const body = toBody(days);
    const checked = bellTimesBody.safeParse(body);
    if (!checked.success) {
      const found = fieldErrors(checked.error.issues.map((i) => [i.path.join('.'), i.message]));
      setErrors(found);
      setMessage(Object.values(found)[0] ?? checked.error.issues[0]?.message ?? null);
      return;
    }
    save.mutate(body, {
      onSuccess: (res) => {
        setMessage(null);
        toastSuccess(res.message ?? 'Jam pelajaran berhasil disimpan');
      },
      onError: (err) => {
        const paths = err instanceof ApiError ? Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''] as [string, string]) : [];
        setErrors(fieldErrors(paths));
        setMessage(errorMessage(err));
      },
    });
  };

  return { query, days, errors, message, saving: save.isPending, add, edit, remove, copyMonday, submit };
}
