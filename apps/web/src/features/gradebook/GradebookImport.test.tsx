import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QUICK_MSG } from '@kelasku/contract';
import { ImportPreview } from './GradebookImport';

const wrap = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('ImportPreview', () => {
  it('names every changed cell with its student, assignment and before → after, and every refused cell with its message', () => {
    wrap(
      <ImportPreview
        preview={{
          changes: [
            { cell: 'D2', student: { id: 1, name: 'Ani' }, assignment: { id: 9, title: 'Tugas Jaringan' }, before: 80, after: 90 },
            { cell: 'D3', student: { id: 2, name: 'Budi' }, assignment: { id: 9, title: 'Tugas Jaringan' }, before: null, after: 75 },
          ],
          errors: [
            { cell: 'E4', row: 4, message: QUICK_MSG.scoreText('E4') },
            { cell: null, row: 7, message: QUICK_MSG.studentUnknown('999') },
          ],
          warnings: [QUICK_MSG.quizColumn('Ulangan 1')],
          applied: false,
        }}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Nilai yang berubah' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['D2AniTugas Jaringan80 → 90', 'D3BudiTugas Jaringan– → 75']);
    const errors = within(screen.getByRole('list', { name: 'Kesalahan di berkas' })).getAllByRole('listitem');
    expect(errors.map((e) => e.textContent)).toEqual([
      'E4: Isi sel E4 harus angka 0 sampai 100',
      'Baris 7: NIS 999 tidak dikenal di kelas ini',
    ]);
    expect(screen.getByText(QUICK_MSG.quizColumn('Ulangan 1'))).toBeTruthy();
  });

  it('says so when nothing changes', () => {
    wrap(<ImportPreview preview={{ changes: [], errors: [], warnings: [], applied: false }} />);
    expect(screen.getByText(QUICK_MSG.importNothing)).toBeTruthy();
  });
});
