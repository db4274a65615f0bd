import type { ReactNode } from 'react';
import { MultiSelect, Select, Text } from '@mantine/core';
import { useClassObjectives, useClassScheme } from './api';

/**
 * "Tujuan pembelajaran" of a piece of work: several TPs of the class's subject and its rombel's
 * grade (GET …/online-classes/:classId/learning-objectives), searched by code or words.
 */
export function ObjectivePicker({
  classId,
  value,
  onChange,
  label = 'Tujuan pembelajaran',
  disabled,
  error,
}: {
  classId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  label?: string;
  disabled?: boolean;
  error?: ReactNode;
}) {
  const list = useClassObjectives(classId);
  const data = (list.data ?? []).map((o) => ({ value: String(o.id), label: `${o.code} — ${o.description}` }));
  const empty = list.isSuccess && data.length === 0;
  return (
    <>
      <MultiSelect
        label={label}
        placeholder={list.isPending ? 'Memuat…' : empty ? 'Belum ada TP' : 'Pilih TP'}
        data={data}
        value={value.map(String)}
        onChange={(v) => onChange(v.map(Number))}
        searchable
        clearable
        hidePickedOptions
        maxValues={30}
        nothingFoundMessage="TP tidak ditemukan"
        disabled={disabled || empty}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
      {empty && (
        <Text size="xs" c="dimmed" mt={-8}>
          Mata pelajaran dan tingkat kelas ini belum punya TP. Isi di menu Tujuan Pembelajaran.
        </Text>
      )}
    </>
  );
}

/** "Kategori nilai": one of the class's categories (none chosen: the class's first). */
export function CategorySelect({
  classId,
  value,
  onChange,
  disabled,
  error,
}: {
  classId: number;
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
  error?: ReactNode;
}) {
  const scheme = useClassScheme(classId);
  const categories = scheme.data?.categories ?? [];
  return (
    <Select
      label="Kategori nilai"
      placeholder={scheme.isPending ? 'Memuat…' : categories[0] ? `${categories[0].name} (kategori pertama)` : 'Pilih kategori'}
      description="Menentukan bobot tugas ini dalam nilai akhir."
      data={categories.map((c) => ({ value: String(c.id), label: `${c.name} (${c.weight}%)` }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      clearable
      disabled={disabled}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
