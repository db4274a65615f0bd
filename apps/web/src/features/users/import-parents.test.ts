import { describe, expect, it } from 'vitest';
import { importButtonLabel, parentsSummary } from './import-parents';

describe('the parents of a user import, as the preview says them', () => {
  it('counts new accounts and links to existing ones in Indonesian', () => {
    expect(parentsSummary({ create: 12, existing: 3, links: 16, skipped: 0 })).toEqual({
      text: '12 akun orang tua baru, 3 ditautkan ke akun yang sudah ada.',
      skipped: null,
    });
    expect(parentsSummary({ create: 1, existing: 0, links: 1, skipped: 2 })?.skipped).toBe(
      '2 orang tua/wali tidak dibuat karena satu siswa paling banyak punya 3; lihat keterangan barisnya.',
    );
  });

  it('says nothing for a file without parents or an older server', () => {
    expect(parentsSummary({ create: 0, existing: 0, links: 0, skipped: 0 })).toBeNull();
    expect(parentsSummary(undefined)).toBeNull();
  });

  it('names the parents on the button when no student changes', () => {
    expect(importButtonLabel(3, { create: 6, existing: 0, links: 7, skipped: 0 })).toBe('Impor 3 user');
    expect(importButtonLabel(0, { create: 1, existing: 1, links: 2, skipped: 0 })).toBe('Impor 2 orang tua');
    expect(importButtonLabel(0, undefined)).toBe('Impor 0 user');
  });
});
