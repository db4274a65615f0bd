import { describe, expect, it } from 'vitest';
import { deactivateText, deleteImpactText, statusFilterOf } from './account-texts';

describe('deleteImpactText', () => {
  it('names the submissions, the graded ones and the comments', () => {
    expect(deleteImpactText('Siti', { submissions: 12, graded: 5, comments: 30 })).toBe(
      'Menghapus user Siti juga menghapus 12 pengumpulan tugas (5 sudah dinilai) dan 30 komentar. Tindakan ini tidak dapat dibatalkan.',
    );
  });

  it('leaves out what is zero', () => {
    expect(deleteImpactText('Siti', { submissions: 3, graded: 0, comments: 0 })).toBe(
      'Menghapus user Siti juga menghapus 3 pengumpulan tugas. Tindakan ini tidak dapat dibatalkan.',
    );
    expect(deleteImpactText('Siti', { submissions: 0, graded: 0, comments: 1 })).toBe(
      'Menghapus user Siti juga menghapus 1 komentar. Tindakan ini tidak dapat dibatalkan.',
    );
  });

  it('says plainly when nothing else goes', () => {
    expect(deleteImpactText('Siti', { submissions: 0, graded: 0, comments: 0 })).toBe(
      'User Siti belum memiliki pengumpulan tugas atau komentar. Tindakan ini tidak dapat dibatalkan.',
    );
  });

  it('writes large counts the Indonesian way', () => {
    expect(deleteImpactText('Pak Budi', { submissions: 1250, graded: 1000, comments: 0 })).toContain(
      '1.250 pengumpulan tugas (1.000 sudah dinilai)',
    );
  });
});

describe('statusFilterOf', () => {
  it('reads active and inactive; anything else lists both', () => {
    expect(statusFilterOf('active')).toBe('active');
    expect(statusFilterOf('inactive')).toBe('inactive');
    for (const other of [null, '', 'semua', 'Inactive', '0']) expect(statusFilterOf(other)).toBeUndefined();
  });
});

describe('deactivateText', () => {
  it('says the user cannot log in until reactivated and keeps all history', () => {
    const text = deactivateText('Siti');
    expect(text).toMatch(/^Siti tidak dapat masuk sampai diaktifkan kembali/);
    expect(text).toContain('tetap tersimpan');
  });
});
