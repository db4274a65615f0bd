import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { REPORT_MSG, type MyClassGrades, type StudentReportCard } from '@kelasku/contract';
import { json, renderPage } from '../../test/render-page';
import MyGradesPage from './MyGradesPage';

const classes: MyClassGrades[] = [
  { online_class: { id: 4, name: 'Informatika' }, average: null, items: [] },
  { online_class: { id: 5, name: 'Basis Data' }, average: null, items: [] },
];

const card = (id: number, name: string, over: Partial<StudentReportCard>): StudentReportCard => ({
  online_class: { id, name, subject: name },
  categories: [
    { id: 1, name: 'Sumatif Lingkup Materi', weight: 60, drop_lowest: 1, average: 85 },
    { id: 2, name: 'Sumatif Akhir Semester', weight: 40, drop_lowest: 0, average: 80.5 },
  ],
  released: false,
  final: null,
  description: null,
  objectives: [
    { code: 'TP1', description: 'Menjelaskan topologi', score: 90, words: REPORT_MSG.reached },
    { code: 'TP2', description: 'Menghitung subnet', score: null, words: REPORT_MSG.noScore },
  ],
  awaiting_regrade: false,
  ...over,
});

describe('MyGradesPage — Nilai Rapor', () => {
  it('shows categories, weights and TPs in words; the final grade only once released', async () => {
    renderPage(<MyGradesPage />, ({ url }) =>
      url === '/api/student/report-grades'
        ? json(200, {
            success: true,
            data: [
              card(4, 'Informatika', {}),
              card(5, 'Basis Data', {
                released: true,
                final: 83,
                description: { achieved: 'Menunjukkan penguasaan yang baik dalam menjelaskan topologi', to_improve: null },
              }),
            ],
          })
        : json(200, { success: true, data: classes }),
    );
    const hidden = await screen.findByRole('region', { name: 'Informatika' });
    const hiddenReport = within(hidden).getByRole('region', { name: 'Nilai Rapor' });
    expect(within(hiddenReport).getByText(REPORT_MSG.notReleased)).toBeTruthy();
    const table = within(hiddenReport).getByRole('table', { name: 'Kategori nilai Informatika' });
    expect(within(table).getByText('60%')).toBeTruthy();
    expect(within(table).getByText('80,5')).toBeTruthy();
    expect(within(table).getByText('1 nilai terendah tidak dihitung')).toBeTruthy();
    expect(within(hiddenReport).getByText(REPORT_MSG.reached)).toBeTruthy();
    expect(within(hiddenReport).getByText(REPORT_MSG.noScore)).toBeTruthy();

    const shown = within(screen.getByRole('region', { name: 'Basis Data' })).getByRole('region', { name: 'Nilai Rapor' });
    expect(within(shown).queryByText(REPORT_MSG.notReleased)).toBeNull();
    expect(within(shown).getByText('83')).toBeTruthy();
    expect(within(shown).getByText('Menunjukkan penguasaan yang baik dalam menjelaskan topologi')).toBeTruthy();
  });
});
