import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/id';
import { DateTimeField } from './DateFields';
import { formatPickerValueLong } from '../lib/format';

/** A deadline field as the forms hold it; the current value is written out for the test to read. */
function Deadline({ initial = null, endOfDay = true }: { initial?: string | null; endOfDay?: boolean }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MantineProvider>
      <DatesProvider settings={{ locale: 'id', firstDayOfWeek: 1 }}>
        <DateTimeField label="Tenggat (WIB)" endOfDay={endOfDay} value={value} onChange={setValue} defaultDate="2026-12-01" />
        <output data-testid="nilai">{value ?? ''}</output>
      </DatesProvider>
    </MantineProvider>
  );
}

/** Opens the picker and clicks the 4th of December 2026. */
async function pickFriday() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Tenggat/ }));
  const day = await screen.findByLabelText('4 Desember 2026', {}, { timeout: 10_000 });
  await user.click(day);
}

// Mantine's calendar is a large DOM: under a busy machine jsdom needs more than the default 5 s.
describe('DateTimeField', { timeout: 30_000 }, () => {
  it('a deadline picked as a date only is 23.59 that day, and the form says it in full', async () => {
    render(<Deadline />);
    await pickFriday();
    expect(screen.getByTestId('nilai').textContent).toBe('2026-12-04 23:59:00');
    expect(screen.getByTestId('waktu-lengkap').textContent).toBe('Jumat, 4 Desember 2026 pukul 23.59 WIB');
  });

  it('another day for an existing deadline keeps its time', async () => {
    render(<Deadline initial="2026-12-02 14:00:00" />);
    expect(screen.getByTestId('waktu-lengkap').textContent).toBe('Rabu, 2 Desember 2026 pukul 14.00 WIB');
    await pickFriday();
    expect(screen.getByTestId('nilai').textContent).toBe('2026-12-04 14:00:00');
  });

  it('a time that is not a deadline (opening, publishing) still starts at 00.00', async () => {
    render(<Deadline endOfDay={false} />);
    await pickFriday();
    expect(screen.getByTestId('nilai').textContent).toBe('2026-12-04 00:00:00');
    expect(screen.getByTestId('waktu-lengkap').textContent).toBe('Jumat, 4 Desember 2026 pukul 00.00 WIB');
  });
});

describe('formatPickerValueLong', () => {
  it('reads a picker value as WIB, whatever the browser zone', () => {
    expect(formatPickerValueLong('2026-12-04 23:59:00')).toBe('Jumat, 4 Desember 2026 pukul 23.59 WIB');
    expect(formatPickerValueLong('2026-12-04 00:00')).toBe('Jumat, 4 Desember 2026 pukul 00.00 WIB');
    expect(formatPickerValueLong(null)).toBeNull();
    expect(formatPickerValueLong('bukan tanggal')).toBeNull();
  });
});
