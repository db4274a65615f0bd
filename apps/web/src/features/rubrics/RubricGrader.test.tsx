import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { RUBRIC_MSG, rubricScore, type RubricMark } from '@kelasku/contract';
import '../../test/render-page';
import { RubricGrader, marksFor, rubricTotals } from './RubricGrader';

const rubric = {
  criteria: [
    {
      title: 'Topologi',
      description: null,
      max_points: 4,
      levels: [
        { title: 'Sangat baik', description: null, points: 4 },
        { title: 'Baik', description: null, points: 3 },
        { title: 'Kurang', description: null, points: 1 },
      ],
    },
    {
      title: 'Laporan',
      description: 'Rapi dan lengkap',
      max_points: 4,
      levels: [
        { title: 'Lengkap', description: null, points: 4 },
        { title: 'Sebagian', description: null, points: 2 },
      ],
    },
  ],
};

function Harness({ onMarks }: { onMarks?: (m: RubricMark[]) => void }) {
  const [marks, setMarks] = useState<RubricMark[]>(marksFor(rubric));
  return (
    <MantineProvider>
      <RubricGrader
        rubric={rubric}
        marks={marks}
        onChange={(m) => {
          setMarks(m);
          onMarks?.(m);
        }}
      />
    </MantineProvider>
  );
}

describe('RubricGrader', () => {
  it('sums the chosen levels and scales them to 100 as the contract does (7 of 8 → 88)', () => {
    expect(
      rubricTotals(rubric, [
        { level: 1, comment: null },
        { level: 0, comment: null },
      ]),
    ).toEqual({
      got: 7,
      max: 8,
      score: 88,
      complete: true,
    });
    expect(rubricScore(rubric, [{ level: 1 }, { level: 0 }])).toBe(88);
    expect(rubricTotals(rubric, marksFor(rubric)).complete).toBe(false);
  });

  it('levels chosen by touch and by the keyboard, a comment per criterion, the score shown', async () => {
    const user = userEvent.setup();
    let last: RubricMark[] = [];
    render(<Harness onMarks={(m) => (last = m)} />);
    expect(screen.getByTestId('rubric-total').textContent).toBe('Skor rubrik 0 dari 8 · nilai 0');
    expect(screen.getByText(RUBRIC_MSG.marksCount(2))).toBeTruthy();

    const topologi = screen.getByRole('radiogroup', { name: /Topologi/ });
    await user.click(within(topologi).getByRole('radio', { name: 'Sangat baik (4)' }));
    expect(screen.getByTestId('rubric-total').textContent).toBe('Skor rubrik 4 dari 8 · nilai 50');
    // The arrow key moves to the next level of the same criterion.
    await user.keyboard('{ArrowDown}');
    expect((within(topologi).getByRole('radio', { name: 'Baik (3)' }) as HTMLInputElement).checked).toBe(true);

    const laporan = screen.getByRole('radiogroup', { name: /Laporan/ });
    await user.click(within(laporan).getByRole('radio', { name: 'Sebagian (2)' }));
    expect(screen.getByTestId('rubric-total').textContent).toBe('Skor rubrik 5 dari 8 · nilai 63');
    expect(screen.queryByText(RUBRIC_MSG.marksCount(2))).toBeNull();

    await user.type(screen.getByLabelText('Komentar Laporan'), 'Tambahkan diagram');
    expect(last).toEqual([
      { level: 1, comment: null },
      { level: 1, comment: 'Tambahkan diagram' },
    ]);
  }, 30_000);

  it('starts from the marks already given', () => {
    expect(marksFor(rubric, [{ level: 2, comment: 'ok' }])).toEqual([
      { level: 2, comment: 'ok' },
      { level: null, comment: null },
    ]);
  });
});
