import { useState, type ReactNode } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TeacherRef } from '@kelasku/contract';
import { useTeacherOptions } from '../../api/teaching';

const label = (t: { name: string; nip: string | null }) => (t.nip ? `${t.name} (NIP ${t.nip})` : t.name);

/**
 * "Guru": active teachers found on the server as the admin types (name, username or e-mail), in the
 * order chosen (pills can be dragged) — the first is the teacher whose class it is. Teachers already chosen keep their name
 * while another search shows other teachers.
 */
export function TeacherPicker({
  value,
  onChange,
  error,
  current,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: ReactNode;
  /** The assignment's teachers (a deactivated one still shows by name). */
  current: TeacherRef[];
}) {
  const [search, setSearch] = useState('');
  // The list closes after each pick, so it does not cover the fields below.
  const [opened, setOpened] = useState(false);
  const [q] = useDebouncedValue(search.trim(), 250);
  const options = useTeacherOptions(q);
  const [known, setKnown] = useState(() => new Map(current.map((t) => [String(t.id), label(t)])));

  const found = (options.data ?? []).map((u) => ({ value: String(u.id), label: label({ name: u.name, nip: u.teacher?.nip ?? null }) }));
  const chosen = value.map((id) => ({ value: id, label: known.get(id) ?? found.find((o) => o.value === id)?.label ?? `Guru #${id}` }));
  const data = [...chosen, ...found.filter((o) => !value.includes(o.value))];
  const owner = chosen[0]?.label;

  return (
    <MultiSelect
      label="Guru"
      description={owner ? `Pemilik kelas: ${owner} (guru pertama)` : 'Guru pertama menjadi pemilik kelas'}
      placeholder={value.length ? undefined : 'Ketik nama guru'}
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Mencari…' : 'Guru aktif tidak ditemukan'}
      maxValues={5}
      withPillsReorder
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      hidePickedOptions
      data={data}
      value={value}
      onChange={(ids) => {
        setKnown((m) => {
          const next = new Map(m);
          for (const o of data) next.set(o.value, o.label);
          return next;
        });
        onChange(ids);
        setOpened(false);
      }}
      error={error}
    />
  );
}
