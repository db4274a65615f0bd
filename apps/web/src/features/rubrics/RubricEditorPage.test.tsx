import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RUBRIC_MSG } from '@kelasku/contract';
import { json, renderPage } from '../../test/render-page';
import { RubricEditor } from './RubricEditorPage';

describe('the rubric editor', () => {
  it('says a level above the maximum while typing, sends nothing while wrong, then saves', async () => {
    const user = userEvent.setup();
    const calls = renderPage(<RubricEditor />, ({ method }) =>
      method === 'POST'
        ? json(201, { success: true, message: RUBRIC_MSG.created, data: { id: 9 } })
        : json(200, { success: true, data: [] }),
    );
    await user.type(screen.getByLabelText(/Judul rubrik/), 'Rubrik presentasi');
    await user.type(screen.getByLabelText(/Nama kriteria 1/), 'Isi');
    const level2 = screen.getByLabelText(/Skor level 2 kriteria 1/);
    await user.clear(level2);
    await user.type(level2, '7');
    expect(await screen.findByText(RUBRIC_MSG.levelAboveMax(4))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Simpan rubrik' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Raising the maximum to 8 clears it, but then no level is worth the maximum.
    const max = screen.getByLabelText(/Skor maksimal kriteria 1/);
    await user.clear(max);
    await user.type(max, '8');
    expect(screen.queryByText(RUBRIC_MSG.levelAboveMax(4))).toBeNull();
    expect(screen.queryByText(RUBRIC_MSG.noTopLevel)).toBeTruthy();
    await user.clear(level2);
    await user.type(level2, '3');
    await user.clear(max);
    await user.type(max, '4');
    expect(screen.queryByText(RUBRIC_MSG.noTopLevel)).toBeNull();
    expect(screen.getByTestId('rubric-max-total').textContent).toBe('Skor maksimal 4 = nilai 100');

    await user.click(screen.getByRole('button', { name: 'Simpan rubrik' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/teacher/rubrics');
    expect(post.body).toMatchObject({
      title: 'Rubrik presentasi',
      criteria: [{ title: 'Isi', max_points: 4, levels: [{ points: 4 }, { points: 3 }, { points: 2 }, { points: 1 }] }],
    });
  }, 30_000);

  it('an empty title shows its message on save', async () => {
    const user = userEvent.setup();
    renderPage(<RubricEditor />, () => json(200, { success: true, data: [] }));
    await user.click(screen.getByRole('button', { name: 'Simpan rubrik' }));
    expect(await screen.findByText(RUBRIC_MSG.title)).toBeTruthy();
    expect(screen.getByText(RUBRIC_MSG.criterionTitle)).toBeTruthy();
  });
});
