import { NumberInput, type NumberInputProps } from '@mantine/core';
import { LIMITS } from '@kelasku/contract';

/** "Geser tanggal (hari)" of a copy: deadlines, closing times and schedules move by this many days. */
export function ShiftDaysInput(props: NumberInputProps) {
  return (
    <NumberInput
      label="Geser tanggal (hari)"
      description="Tenggat, batas pengumpulan dan jadwal tayang digeser sebanyak ini; 0 berarti tanggalnya tetap, angka negatif memajukannya."
      allowDecimal={false}
      clampBehavior="none"
      min={-LIMITS.shiftDaysMax}
      max={LIMITS.shiftDaysMax}
      inputMode="numeric"
      {...props}
    />
  );
}
