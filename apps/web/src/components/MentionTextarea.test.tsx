import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, Modal } from '@mantine/core';
import { MentionTextarea, mentionQueryAt, mentionedIds, type MentionPerson } from './MentionTextarea';

const PEOPLE: MentionPerson[] = [
  { id: 1, name: 'Bu Sari Wulandari', role: 'Guru', avatar: null },
  { id: 2, name: 'Budi Santoso', role: 'Siswa', avatar: null },
  { id: 3, name: 'Ani Lestari', role: 'Siswa', avatar: null },
];

describe('mentionQueryAt', () => {
  it('reads the name typed after an @ at the start or after a space, up to the caret', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('halo @bu', 8)).toEqual({ start: 5, query: 'bu' });
    expect(mentionQueryAt('halo @Budi San', 14)).toEqual({ start: 5, query: 'Budi San' });
    expect(mentionQueryAt('halo @bu dan', 8)).toEqual({ start: 5, query: 'bu' });
  });

  it('is null without an @, inside a word (an e-mail), after a line break or a space right after @', () => {
    expect(mentionQueryAt('halo', 4)).toBeNull();
    expect(mentionQueryAt('budi@sekolah', 12)).toBeNull();
    expect(mentionQueryAt('@budi\nlalu', 10)).toBeNull();
    expect(mentionQueryAt('@ budi', 6)).toBeNull();
  });
});

describe('mentionedIds', () => {
  it('keeps the people whose whole "@Name" is still in the text', () => {
    expect(mentionedIds('@Budi Santoso dan @Ani Lestari, coba', PEOPLE)).toEqual([2, 3]);
    expect(mentionedIds('Budi Santoso tanpa @', PEOPLE)).toEqual([]);
    expect(mentionedIds('@Budi Santosok', PEOPLE)).toEqual([]);
    expect(mentionedIds('(@Bu Sari Wulandari)', [...PEOPLE, PEOPLE[0]!])).toEqual([1]);
  });
});

function Box({ onPick, onQuery }: { onPick: (p: MentionPerson) => void; onQuery: (q: string | null) => void }) {
  const [value, setValue] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const people = query === null ? [] : PEOPLE.filter((p) => p.name.toLowerCase().includes(query.toLowerCase()));
  return (
    <MentionTextarea
      label="Komentar"
      value={value}
      onChange={setValue}
      people={people}
      onQueryChange={(q) => {
        onQuery(q);
        setQuery(q);
      }}
      onPick={onPick}
    />
  );
}

describe('MentionTextarea', () => {
  // jsdom has no scrolling; the list scrolls its highlighted option into view.
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('suggests people after @, moves with the arrow keys, picks with Enter and inserts "@Full Name "', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const onQuery = vi.fn();
    render(
      <MantineProvider env="test">
        <Box onPick={onPick} onQuery={onQuery} />
      </MantineProvider>,
    );
    const box = screen.getByRole('textbox', { name: 'Komentar' }) as HTMLTextAreaElement;
    await user.type(box, 'Halo @bu');
    expect(onQuery).toHaveBeenLastCalledWith('bu');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/Bu Sari WulandariGuru$/),
      expect.stringMatching(/Budi SantosoSiswa$/),
    ]);
    await waitFor(() => expect(options[0]!.hasAttribute('data-combobox-selected')).toBe(true));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(box.value).toBe('Halo @Budi Santoso '));
    expect(onPick).toHaveBeenCalledWith(PEOPLE[1]);
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
    // Typing on after a pick is plain text again; Enter makes a new line.
    await user.type(box, 'ya{Enter}');
    expect(box.value).toBe('Halo @Budi Santoso ya\n');
  });

  it('closes the list with Escape without closing the dialog around it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <MantineProvider env="test">
        <Modal opened onClose={onClose} title="Comment">
          <Box onPick={vi.fn()} onQuery={vi.fn()} />
        </Modal>
      </MantineProvider>,
    );
    const box = await screen.findByRole('textbox', { name: 'Komentar' });
    await user.type(box, '@les');
    expect(await screen.findAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
    expect(onClose).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toBe('@les');
  });
});
