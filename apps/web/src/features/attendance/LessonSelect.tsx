import { Select, type SelectProps } from '@mantine/core';

/** "Pembelajaran N: title" options of a class's lessons. */
export const lessonOptions = (lessons: ReadonlyArray<{ id: number; number: number; title: string }>) =>
  lessons.map((l) => ({ value: String(l.id), label: `Pembelajaran ${l.number}: ${l.title}` }));

/** The Pembelajaran a meeting covers (optional, searchable). */
export function LessonSelect(props: Omit<SelectProps, 'label' | 'placeholder' | 'clearable' | 'searchable'>) {
  return (
    <Select
      label="Pembelajaran"
      placeholder="Pilih Pembelajaran"
      clearable
      clearButtonProps={{ 'aria-label': 'Kosongkan Pembelajaran' }}
      searchable
      nothingFoundMessage="Tidak ada Pembelajaran"
      {...props}
    />
  );
}
