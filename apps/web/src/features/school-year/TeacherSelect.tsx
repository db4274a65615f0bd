import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TeacherRef } from '@kelasku/contract';
import { useTeacherOptions } from '../../api/school-year';

const labelOf = (t: { name: string; nip?: string | null }) => (t.nip ? `${t.name} (NIP ${t.nip})` : t.name);

/**
 * One active teacher, searched on the server by name, username or e-mail (a school may have more
 * teachers than one list shows). `current` is the teacher chosen now, listed even when the search
 * does not find them.
 */
export function TeacherSelect({
  current,
  onChange,
  label,
  disabled,
}: {
  current: TeacherRef | null;
  onChange: (teacher: TeacherRef) => void;
  label: string;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  // The box shows the chosen name as its search text: that is no search.
  const typed = current && search === labelOf(current) ? '' : search.trim();
  const [q] = useDebouncedValue(typed, 250);
  const teachers = useTeacherOptions(q);
  const refs = useMemo(() => {
    const found: TeacherRef[] = (teachers.data ?? []).map((u) => ({ id: u.id, name: u.name, nip: u.teacher?.nip ?? null }));
    if (current && !found.some((t) => t.id === current.id)) found.unshift(current);
    return found;
  }, [teachers.data, current]);
  const data = refs.map((t) => ({ value: String(t.id), label: labelOf(t) }));
  return (
    <Select
      aria-label={label}
      placeholder="Pilih guru"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={teachers.isFetching ? 'Mencari…' : 'Guru tidak ditemukan'}
      data={data}
      value={current ? String(current.id) : null}
      onChange={(v) => {
        const chosen = refs.find((t) => String(t.id) === v);
        if (chosen) onChange(chosen);
      }}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      w="100%"
    />
  );
}
