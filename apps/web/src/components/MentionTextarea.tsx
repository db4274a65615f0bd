import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Badge, Combobox, Group, Text, Textarea, useCombobox, type TextareaProps } from '@mantine/core';
import { UserAvatar } from './UserAvatar';

/** Someone who can be mentioned (the `@` suggestions of a forum). */
export interface MentionPerson {
  id: number;
  name: string;
  /** "Guru" or "Siswa". */
  role: string;
  avatar: string | null;
}

/** At most this many characters after `@` are read as a name being typed. */
const QUERY_MAX = 40;

/**
 * The `@` being typed just before the caret: where the `@` is and what follows it (a name may hold
 * spaces, not a line break). Null when the caret is not in one; an `@` inside a word (an e-mail) is none.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = new RegExp(`(?:^|\\s)@((?:[^\\s@][^@\\n]{0,${QUERY_MAX - 1}})?)$`).exec(before);
  if (!m) return null;
  const query = m[1] ?? '';
  return { start: before.length - query.length - 1, query };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ids of these people whose "@Name" is in the text (a whole name: not followed by a letter or digit). */
export function mentionedIds(text: string, people: Iterable<{ id: number; name: string }>): number[] {
  const ids = new Set<number>();
  for (const p of people) {
    if (p.name && new RegExp(`@${escapeRegExp(p.name)}(?![\\p{L}\\p{N}])`, 'u').test(text)) ids.add(p.id);
  }
  return [...ids];
}

export interface MentionTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** The suggestions for the name being typed (what the server found for the last query). */
  people: MentionPerson[];
  /** The name typed after `@` (possibly empty), or null when no `@` is being typed: the parent looks people up. */
  onQueryChange: (query: string | null) => void;
  /** A person was picked: "@Full Name " is in the text now. */
  onPick: (person: MentionPerson) => void;
}

/**
 * A text box that suggests people while an `@name` is typed: the list opens below the box, ↑/↓ move
 * through it, Enter or Tab picks (the text gets "@Full Name "), Escape closes it (not the dialog).
 * Otherwise it is a plain Mantine Textarea (↑/↓ and Enter work as usual while the list is closed).
 */
export function MentionTextarea({ value, onChange, people, onQueryChange, onPick, onKeyDown, ...rest }: MentionTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  // The `@` (by position) whose list was closed (picked or Escape): it stays closed until another `@`.
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const active = mentionQueryAt(value, Math.min(caret, value.length));
  const typing = active !== null && active.start !== closedAt;
  const open = typing && people.length > 0;
  const combobox = useCombobox({
    opened: open,
    onOpenedChange: (next) => {
      if (!next && active) setClosedAt(active.start);
    },
  });

  const query = typing ? active.query.trim() : null;
  useEffect(() => onQueryChange(query), [query, onQueryChange]);
  useEffect(() => {
    if (active === null && closedAt !== null) setClosedAt(null);
  }, [active, closedAt]);
  // The first suggestion is the one Enter picks; a new list starts at the top again.
  const listKey = people.map((p) => p.id).join(',');
  useEffect(() => {
    if (open) setActiveId(combobox.selectFirstOption());
    else setActiveId(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, listKey]);

  const readCaret = () => setCaret(ref.current?.selectionStart ?? value.length);

  const pick = (idText: string) => {
    const person = people.find((p) => String(p.id) === idText);
    if (!person || !active) return;
    const inserted = `@${person.name} `;
    const next = value.slice(0, active.start) + inserted + value.slice(caret);
    const at = active.start + inserted.length;
    setClosedAt(active.start);
    onChange(next);
    onPick(person);
    setCaret(at);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(at, at);
    });
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    if (!open || event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveId(combobox.selectNextOption());
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveId(combobox.selectPreviousOption());
    } else if ((event.key === 'Enter' || event.key === 'Tab') && combobox.getSelectedOptionIndex() !== -1) {
      event.preventDefault();
      combobox.clickSelectedOption();
    } else if (event.key === 'Escape') {
      // The dialog around stays open: only the list closes.
      event.preventDefault();
      event.stopPropagation();
      if (active) setClosedAt(active.start);
    }
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} position="bottom-start" withinPortal>
      {/* The keys are handled here (↑/↓ move the caret while the list is closed); the option read out follows the highlight. */}
      <Combobox.Target withKeyboardNavigation={false} aria-activedescendant={open ? (activeId ?? undefined) : undefined}>
        <Textarea
          {...rest}
          ref={ref}
          value={value}
          onChange={(e: ChangeEvent<HTMLTextAreaElement>) => {
            onChange(e.currentTarget.value);
            setCaret(e.currentTarget.selectionStart ?? e.currentTarget.value.length);
          }}
          onSelect={readCaret}
          onClick={readCaret}
          onKeyUp={readCaret}
          onKeyDown={keyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown aria-label="Sebut seseorang">
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {people.map((p) => (
            <Combobox.Option value={String(p.id)} key={p.id} id={`sebut-${p.id}`}>
              <Group gap="xs" wrap="nowrap">
                <UserAvatar src={p.avatar} name={p.name} size="sm" aria-hidden />
                <Text size="sm" style={{ flex: 1 }}>
                  {p.name}
                </Text>
                <Badge size="xs" variant="light" tt="none" color={p.role === 'Guru' ? 'teal' : 'blue'}>
                  {p.role}
                </Badge>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
