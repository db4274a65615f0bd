import { MonthPickerInput } from '@mantine/dates';

/** A month picker ("November 2026") for a month written "2026-11". */
export function MonthField({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  return (
    <MonthPickerInput
      label="Bulan"
      value={`${month}-01`}
      onChange={(v) => v && onChange(v.slice(0, 7))}
      valueFormat="MMMM YYYY"
      w={200}
      ariaLabels={{ nextYear: 'Tahun berikutnya', previousYear: 'Tahun sebelumnya', yearLevelControl: 'Pilih tahun' }}
    />
  );
}
