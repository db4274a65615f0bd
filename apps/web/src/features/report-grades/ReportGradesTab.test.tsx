import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GRADE_MSG, REPORT_MSG, type ClassGradeScheme, type ClassReportGrades } from '@kelasku/contract';
import { json, renderPage } from '../../test/render-page';
import { ReportGradesTab } from './ReportGradesTab';

const scheme = (over: Partial<ClassGradeScheme> = {}): ClassGradeScheme => ({
  online_class_id: 4,
  categories: [
    {
      id: 11,
      name: 'Sumatif Lingkup Materi',
      weight: 60,
      drop_lowest: 1,
      missing_counts_zero: true,
      erapor_part: 'lingkup_materi',
      position: 1,
      work_count: 3,
    },
    {
      id: 12,
      name: 'Sumatif Akhir Semester',
      weight: 40,
      drop_lowest: 0,
      missing_counts_zero: false,
      erapor_part: 'akhir_tes',
      position: 2,
      work_count: 0,
    },
  ],
  kktp: 75,
  released_at: null,
  revision: 3,
  locked: false,
  subject: { id: 2, name: 'Informatika' },
  grade: 10,
  ...over,
});

const grades: ClassReportGrades = {
  online_class: { id: 4, name: 'Informatika X TKJ 1' },
  categories: scheme().categories.map(({ work_count: _, ...c }) => c),
  kktp: 75,
  released_at: null,
  locked: false,
  items: [
    { key: 'a1', kind: 'assignment', id: 1, title: 'Topologi', category_id: 11, objective_ids: [21] },
    { key: 'a2', kind: 'assignment', id: 2, title: 'Subnetting', category_id: 11, objective_ids: [22] },
    { key: 'a3', kind: 'assignment', id: 3, title: 'Kabel UTP', category_id: 11, objective_ids: [22] },
    { key: 'q1', kind: 'quiz', id: 1, title: 'PAS', category_id: 12, objective_ids: [] },
  ],
  objectives: [
    { id: 21, code: 'TP1', description: 'Menjelaskan topologi', position: 1 },
    { id: 22, code: 'TP2', description: 'Menghitung subnet', position: 2 },
  ],
  students: [
    {
      student: { id: 9, name: 'Andi Pratama', nis: '1001', nisn: '0012345678' },
      final: 83,
      final_exact: 82.5,
      categories: [
        {
          category_id: 11,
          average: 85,
          counted: [
            { key: 'a1', score: 90, missing: false },
            { key: 'a2', score: 80, missing: false },
            { key: 'a3', score: 0, missing: true },
          ],
          dropped: ['a3'],
        },
        { category_id: 12, average: 80, counted: [{ key: 'q1', score: 80, missing: false }], dropped: [] },
      ],
      objectives: [
        { objective_id: 21, score: 90, reached: true },
        { objective_id: 22, score: 40, reached: false },
      ],
      description: {
        achieved: 'Menunjukkan penguasaan yang baik dalam menjelaskan topologi',
        to_improve: 'Perlu ditingkatkan dalam menghitung subnet',
        edited: false,
      },
      awaiting_regrade: false,
    },
  ],
};

describe('ReportGradesTab', () => {
  it('shows the running total in red with the exact message, sends nothing until it is 100, then saves with the revision', async () => {
    const calls = renderPage(<ReportGradesTab classId={4} />, ({ url, method }) => {
      if (method === 'PUT') return json(200, { success: true, message: GRADE_MSG.schemeSaved, data: scheme({ revision: 4 }) });
      if (url.endsWith('/grade-scheme')) return json(200, { success: true, data: scheme() });
      return json(200, { success: true, data: grades });
    });
    expect(await screen.findByText('Total bobot: 100%')).toBeTruthy();
    const first = screen.getByRole('listitem', { name: 'Kategori 1' });
    const weight = within(first).getByLabelText('Bobot (%)');
    fireEvent.change(weight, { target: { value: '50' } });
    expect(await screen.findByText('Total bobot: 90%')).toBeTruthy();
    expect(screen.getByText(GRADE_MSG.weightsTotal(90))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(weight, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/teacher/online-classes/4/grade-scheme');
    expect(put.body).toMatchObject({
      revision: 3,
      kktp: 75,
      categories: [
        { id: 11, weight: 60, drop_lowest: 1 },
        { id: 12, weight: 40 },
      ],
    });
  });

  it('puts the server’s messages under their fields, and a 409 of another teacher with "Muat ulang"', async () => {
    let answer = 0;
    const calls = renderPage(<ReportGradesTab classId={4} />, ({ url, method }) => {
      if (method === 'PUT')
        return ++answer === 1
          ? json(409, {
              success: false,
              message: GRADE_MSG.categoryHoldsWork('Sumatif Lingkup Materi', 3),
              errors: { 'categories.0.name': [GRADE_MSG.categoryHoldsWork('Sumatif Lingkup Materi', 3)] },
            })
          : json(409, { success: false, message: GRADE_MSG.schemeChanged });
      if (url.endsWith('/grade-scheme')) return json(200, { success: true, data: scheme() });
      return json(200, { success: true, data: grades });
    });
    await screen.findByText('Total bobot: 100%');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(GRADE_MSG.categoryHoldsWork('Sumatif Lingkup Materi', 3))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(GRADE_MSG.schemeChanged)).toBeTruthy();
    const reads = calls.filter((c) => c.url.endsWith('/grade-scheme') && c.method === 'GET').length;
    fireEvent.click(screen.getByRole('button', { name: 'Muat ulang' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/grade-scheme') && c.method === 'GET').length).toBe(reads + 1));
  });

  it('shows a student’s breakdown: dropped work struck through, missing as 0, TP mastery, the description', async () => {
    const calls = renderPage(<ReportGradesTab classId={4} />, ({ url, method }) => {
      if (method === 'PUT')
        return json(200, {
          success: true,
          message: REPORT_MSG.descriptionSaved,
          data: { ...grades.students[0], description: { achieved: 'Hebat', to_improve: null, edited: true } },
        });
      if (url.endsWith('/grade-scheme')) return json(200, { success: true, data: scheme() });
      return json(200, { success: true, data: grades });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rincian Andi Pratama' }));
    const detail = screen.getByRole('region', { name: 'Rincian Andi Pratama' });
    expect(within(detail).getByText('Nilai Akhir 83 (tepatnya 82,5, dibulatkan seperti e-Rapor)')).toBeTruthy();
    expect(within(detail).getByText('Kabel UTP: 0 (tidak dikumpulkan)').tagName).toBe('S');
    expect(within(detail).getByText('Topologi: 90')).toBeTruthy();
    expect(within(detail).getByText('TP1 90 · Tercapai')).toBeTruthy();
    expect(within(detail).getByText('TP2 40 · Perlu ditingkatkan')).toBeTruthy();
    const achieved = within(detail).getByLabelText('Capaian yang baik');
    expect((achieved as HTMLTextAreaElement).value).toBe('Menunjukkan penguasaan yang baik dalam menjelaskan topologi');
    await user.clear(achieved);
    await user.type(achieved, 'Hebat');
    await user.click(within(detail).getByRole('button', { name: 'Simpan deskripsi' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        url: '/api/teacher/online-classes/4/report-grades/students/9/description',
        method: 'PUT',
        body: { achieved: 'Hebat', to_improve: 'Perlu ditingkatkan dalam menghitung subnet' },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Kembalikan ke otomatis' })).toBeTruthy();
  });

  it('shows the lock and lets nothing be edited while the semester is locked', async () => {
    renderPage(<ReportGradesTab classId={4} />, ({ url }) =>
      url.endsWith('/grade-scheme')
        ? json(200, { success: true, data: scheme({ locked: true }) })
        : json(200, { success: true, data: { ...grades, locked: true } }),
    );
    expect(await screen.findByText(GRADE_MSG.locked)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Simpan' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('switch', { name: 'Tampilkan nilai akhir ke siswa' })).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('listitem', { name: 'Kategori 1' })).getByLabelText('Bobot (%)')).toHaveProperty('disabled', true);
  });
});
