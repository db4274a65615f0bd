import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RecapGrid } from './RecapGrid';

const totals = { H: 1, T: 0, S: 1, I: 0, D: 0, A: 1 };

describe('RecapGrid', () => {
  it('shows each mark as its letter with its name (never colour alone), unrecorded as –, and the totals', () => {
    render(
      <MantineProvider>
        <RecapGrid
          label="Rekap presensi X TKJ 1, November 2026"
          unit="hari"
          columns={['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].map((d) => ({ key: d, heading: d.slice(8) }))}
          rows={[
            { student: { id: 7, name: 'Andi Pratama', nis: '12345' }, marks: ['H', 'S', null, 'A'], totals },
            {
              student: { id: 8, name: 'Budi Utomo', nis: null },
              marks: ['H', 'H', 'H', 'T'],
              totals: { ...totals, H: 3, T: 1, S: 0, A: 0 },
            },
          ]}
          highlight="2026-11-03"
        />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Rekap presensi X TKJ 1, November 2026' });
    const andi = within(table).getByRole('row', { name: /Andi Pratama/ });
    const cells = within(andi).getAllByRole('cell');
    expect(cells.slice(0, 4).map((c) => c.textContent)).toEqual(['H', 'S', '–', 'A']);
    expect(within(cells[1]!).getByTitle('Sakit').textContent).toBe('S');
    expect(within(cells[3]!).getByTitle('Alpa').textContent).toBe('A');
    expect(cells[2]!.querySelector('[title="Belum dicatat"]')).not.toBeNull();
    // Totals H T S I D A, after the dates.
    expect(cells.slice(4).map((c) => c.textContent)).toEqual(['1', '0', '1', '0', '0', '1']);
    expect(within(table).getByTitle('Alpa (hari)').textContent).toBe('A');
    // The name column is a row header that stays in view while the grid scrolls sideways.
    const name = within(andi).getByRole('rowheader');
    expect(name.textContent).toContain('12345');
    expect(name.style.position).toBe('sticky');
  });

  it('says so when the rombel has no students', () => {
    render(
      <MantineProvider>
        <RecapGrid label="Rekap" unit="hari" columns={[]} rows={[]} />
      </MantineProvider>,
    );
    expect(screen.getByText('Belum ada siswa di rombel ini.')).toBeTruthy();
  });
});
