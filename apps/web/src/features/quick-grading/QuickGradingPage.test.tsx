import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSIGNMENT_MSG, MSG, QUICK_MSG, type QuickGradingRow } from '@kelasku/contract';
import { json, renderPage, type PageCall } from '../../test/render-page';
import { QuickGradingView } from './QuickGradingPage';

const r = { classId: 3, lessonId: 5, id: 7 };
const base = '/api/teacher/online-classes/3/contents/5/assignments/7';
const row = (id: number, name: string, over: Partial<QuickGradingRow> = {}): QuickGradingRow => ({
  student: { id, name, nis: String(1000 + id) },
  state: 'waiting',
  score: null,
  last_score: null,
  feedback: null,
  revision: 2,
  late: false,
  returned: false,
  ...over,
});
const rows = [
  row(1, 'Ani'),
  row(2, 'Budi', { state: 'missing', revision: null }),
  row(3, 'Citra', { last_score: 85 }),
  row(4, 'Dodi', { revision: 5 }),
];

function answer({ url, method, body }: PageCall) {
  if (method === 'GET' && url === base) return json(200, { success: true, data: { id: 7, title: 'Tugas Topologi' } });
  if (method === 'GET' && url === `${base}/quick-grading`) return json(200, { success: true, data: rows });
  if (method === 'POST' && url === `${base}/return-all`) return json(200, { success: true, data: { returned: 2 } });
  const b = body as { score: string; feedback: string | null; revision: number };
  const id = Number(url.split('/').pop());
  if (b.score === '101') return json(422, { success: false, message: MSG.scoreRange, errors: { score: [MSG.scoreRange] } });
  if (id === 4)
    return json(409, { success: false, message: ASSIGNMENT_MSG.fileChanged, errors: { revision: [ASSIGNMENT_MSG.fileChanged] } });
  const old = rows.find((x) => x.student.id === id)!;
  return json(200, {
    success: true,
    data: { ...old, state: 'graded', score: Number(b.score), last_score: Number(b.score), feedback: b.feedback },
  });
}

describe('QuickGradingView', () => {
  it('grades with the keyboard only: Tab score → feedback → next score, Enter saves and moves on, leaving a row saves it', async () => {
    const user = userEvent.setup();
    const calls = renderPage(<QuickGradingView r={r} />, answer);
    const table = await screen.findByRole('table', { name: 'Tabel penilaian cepat' });
    // Work not handed in is read-only; the last grade of work handed in again stays in view.
    const budi = within(table).getByRole('row', { name: /Budi/ });
    expect(within(budi).getByText(QUICK_MSG.notSubmitted)).toBeTruthy();
    expect(within(budi).queryByRole('textbox')).toBeNull();
    expect(within(within(table).getByRole('row', { name: /Citra/ })).getByText('Nilai terakhir 85 · Menunggu nilai baru')).toBeTruthy();

    await user.click(screen.getByRole('textbox', { name: 'Nilai Ani' }));
    await user.keyboard('90');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Masukan Ani' }));
    await user.keyboard('Rapi');
    await user.tab();
    // Budi's row has no inputs: Tab goes on to Citra's score, and Ani's row, left, is saved.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nilai Citra' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: `${base}/quick-grading/1`,
      body: { score: '90', feedback: 'Rapi', revision: 2 },
    });
    expect(await within(within(table).getByRole('row', { name: /Ani/ })).findByText(QUICK_MSG.saved)).toBeTruthy();

    // Enter saves Citra's row once (not again as the focus leaves it) and moves to Dodi's score.
    await user.keyboard('101{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nilai Dodi' }));
    const citra = within(table).getByRole('row', { name: /Citra/ });
    expect(await within(citra).findByText(MSG.scoreRange)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/3'))).toHaveLength(1);

    // A work that changed meanwhile: the conflict message and "Muat ulang".
    await user.keyboard('70{Enter}');
    const dodi = within(table).getByRole('row', { name: /Dodi/ });
    expect(await within(dodi).findByText('Pekerjaan ini baru saja berubah, muat ulang')).toBeTruthy();
    expect(within(dodi).getByRole('button', { name: 'Muat ulang' })).toBeTruthy();
    // Leaving an unchanged row sends nothing.
    await user.click(screen.getByRole('textbox', { name: 'Masukan Ani' }));
    await user.click(screen.getByRole('textbox', { name: 'Nilai Citra' }));
    expect(calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/1'))).toHaveLength(1);
  });

  it('"Kembalikan semua yang sudah dinilai" asks first, sends the optional message and says how many went back', async () => {
    const user = userEvent.setup();
    const calls = renderPage(<QuickGradingView r={r} />, answer);
    await screen.findByRole('table', { name: 'Tabel penilaian cepat' });
    await user.click(screen.getByRole('button', { name: 'Kembalikan semua yang sudah dinilai' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kembalikan semua yang sudah dinilai' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Pesan untuk siswa (opsional)' }), ' Perbaiki bab 2 ');
    await user.click(within(dialog).getByRole('button', { name: 'Kembalikan' }));
    // The dialog closes (the toast says QUICK_MSG.returnedAll(2); the browser tests read it).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kembalikan semua yang sudah dinilai' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: `${base}/return-all`, body: { message: ' Perbaiki bab 2 ' } });
  });
});
