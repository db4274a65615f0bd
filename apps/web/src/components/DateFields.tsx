import { Text } from '@mantine/core';
import { DatePickerInput, DateTimePicker, type DatePickerInputProps, type DateTimePickerProps } from '@mantine/dates';
import { formatPickerValueLong } from '../lib/format';

/** Indonesian names of the calendar's controls (screen readers). */
const ARIA_LABELS = {
  monthLevelControl: 'Pilih bulan dan tahun',
  yearLevelControl: 'Pilih tahun',
  nextMonth: 'Bulan berikutnya',
  previousMonth: 'Bulan sebelumnya',
  nextYear: 'Tahun berikutnya',
  previousYear: 'Tahun sebelumnya',
  nextDecade: 'Dekade berikutnya',
  previousDecade: 'Dekade sebelumnya',
};

/** The picker's placeholder is text on the page (not an input's placeholder): dark enough to read (WCAG AA). */
const STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/**
 * A date (dd/mm/yyyy). Its value is the API's "YYYY-MM-DD" string, so no time zone is involved.
 * Month and year are native select boxes in the calendar's header: quick to reach a birthday on a phone.
 */
export function DateField(props: DatePickerInputProps) {
  return (
    <DatePickerInput
      valueFormat="DD/MM/YYYY"
      withNativeLevelSelect
      ariaLabels={ARIA_LABELS}
      clearable
      placeholder="dd/mm/yyyy"
      styles={STYLES}
      {...props}
    />
  );
}

/** The time a deadline or closing time gets when the teacher picks only a date (DECISIONS: 23.59 WIB). */
export const END_OF_DAY = '23:59';

export interface DateTimeFieldProps extends DateTimePickerProps {
  /** A deadline or closing time: a date picked without a time is 23.59, not 00.00. */
  endOfDay?: boolean;
}

/**
 * A date and a 24-hour time (dd/mm/yyyy hh.mm) in WIB. Its value is the wall-clock string
 * "YYYY-MM-DD HH:mm:ss"; lib/format.ts reads and writes it as WIB (fromWibPickerValue, toWibPickerValue).
 * Once a value is there, the field says it in full under itself ("Jumat, 4 Desember 2026 pukul 23.59
 * WIB"), so the teacher reads the day and the time before saving.
 */
export function DateTimeField({ endOfDay, description, ...props }: DateTimeFieldProps) {
  const full = typeof props.value === 'string' ? formatPickerValueLong(props.value) : null;
  return (
    <DateTimePicker
      valueFormat="DD/MM/YYYY HH.mm"
      withNativeLevelSelect
      ariaLabels={ARIA_LABELS}
      placeholder="dd/mm/yyyy jj.mm"
      styles={STYLES}
      timePickerProps={{ format: '24h', hoursInputLabel: 'Jam', minutesInputLabel: 'Menit' }}
      submitButtonProps={{ 'aria-label': 'Pilih tanggal dan jam' }}
      // Only while empty: an existing value keeps its own time when another day is picked.
      defaultTimeValue={endOfDay && !props.value ? END_OF_DAY : undefined}
      description={
        full || description ? (
          <>
            {full && (
              <Text span display="block" size="sm" fw={600} c="dark" data-testid="waktu-lengkap">
                {full}
              </Text>
            )}
            {description}
          </>
        ) : undefined
      }
      {...props}
    />
  );
}

/** "Waktu penutupan" of an assignment or an extension: optional; after it hand-ins are refused. */
export function ClosingTimeField(props: DateTimeFieldProps) {
  return (
    <DateTimeField
      endOfDay
      label="Waktu penutupan (WIB)"
      description="Opsional. Setelah waktu ini tugas tidak bisa dikumpulkan lagi; kosongkan bila terlambat tetap boleh."
      clearable
      clearButtonProps={{ 'aria-label': 'Kosongkan waktu penutupan' }}
      {...props}
    />
  );
}
