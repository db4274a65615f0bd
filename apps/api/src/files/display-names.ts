/**
 * What a display name may not hold: C0 and C1 controls, and the bidirectional marks, embeddings,
 * overrides and isolates (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) that make
 * "tugas\u202Efdp.exe" read as "tugasexe.pdf"; and the characters no file system takes.
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|*?:]/g;

/** Cleans a client-supplied file name for display: no folders, no control or bidi characters, bounded length. */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(NOT_IN_NAMES, '').replace(/^\.+/, '').trim();
  if (!clean) return 'file';
  if (clean.length <= 200) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 11 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - ext.length) + ext;
}
