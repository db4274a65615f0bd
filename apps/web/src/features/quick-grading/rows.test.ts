import { describe, expect, it } from 'vitest';
import type { QuickGradingRow } from '@kelasku/contract';
import { bodyOf, draftKey, draftOf, isAwaitingRegrade, isDirty, isEditable, keyAction, leavesRow, nextEditable } from './rows';

const row = (id: number, over: Partial<QuickGradingRow> = {}): QuickGradingRow => ({
  student: { id, name: `Siswa ${id}`, nis: null },
  state: 'waiting',
  score: null,
  last_score: null,
  feedback: null,
  revision: 1,
  late: false,
  returned: false,
  ...over,
});
const key = (k: string, mods: Partial<Record<'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey' | 'isComposing', boolean>> = {}) => ({
  key: k,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('quick grading rows', () => {
  it('only handed-in work (graded or waiting, with a revision) can be graded', () => {
    expect(isEditable(row(1))).toBe(true);
    expect(isEditable(row(1, { state: 'graded', score: 80 }))).toBe(true);
    expect(isEditable(row(1, { state: 'missing', revision: null }))).toBe(false);
    expect(isEditable(row(1, { state: 'todo', revision: null }))).toBe(false);
  });

  it('a row is dirty only when the typed score or feedback differs from what is saved', () => {
    const graded = row(1, { state: 'graded', score: 85, feedback: 'Bagus' });
    expect(draftOf(graded)).toEqual({ score: '85', feedback: 'Bagus' });
    expect(isDirty(graded, { score: ' 85 ', feedback: 'Bagus ' })).toBe(false);
    expect(isDirty(graded, { score: '90', feedback: 'Bagus' })).toBe(true);
    expect(isDirty(graded, { score: '85', feedback: 'Rapi' })).toBe(true);
    expect(isDirty(row(2), { score: '', feedback: '' })).toBe(false);
  });

  it('sends the score as typed (the server says what is wrong), the trimmed feedback and the revision seen', () => {
    expect(bodyOf(row(1, { revision: 4 }), { score: ' 101 ', feedback: ' Kurang ' })).toEqual({
      score: '101',
      feedback: 'Kurang',
      revision: 4,
    });
    expect(draftKey({ score: '90 ', feedback: 'a' })).toBe(draftKey({ score: '90', feedback: 'a ' }));
  });

  it('Enter moves to the next row that can be graded, skipping work not handed in; none after the last', () => {
    const rows = [row(1), row(2, { state: 'missing', revision: null }), row(3), row(4, { state: 'todo', revision: null })];
    expect(nextEditable(rows, 0)?.student.id).toBe(3);
    expect(nextEditable(rows, 2)).toBeNull();
  });

  it('plain Enter saves and moves on; Tab, Shift+Enter and typing an IME word do not', () => {
    expect(keyAction(key('Enter'))).toBe('save-next');
    expect(keyAction(key('Tab'))).toBeNull();
    expect(keyAction(key('Enter', { shiftKey: true }))).toBeNull();
    expect(keyAction(key('Enter', { isComposing: true }))).toBeNull();
    expect(keyAction(key('8'))).toBeNull();
  });

  it('the row is left when the focus goes outside it (or nowhere)', () => {
    const tr = document.createElement('div');
    const inside = document.createElement('input');
    tr.append(inside);
    expect(leavesRow(tr, inside)).toBe(false);
    expect(leavesRow(tr, document.createElement('input'))).toBe(true);
    expect(leavesRow(tr, null)).toBe(true);
  });

  it('returned work handed in again awaits a new grade with its last one', () => {
    expect(isAwaitingRegrade(row(1, { last_score: 85 }))).toBe(true);
    expect(isAwaitingRegrade(row(1, { state: 'graded', score: 90, last_score: 90 }))).toBe(false);
  });
});
