/** One place for dates and truncation: Indonesian, Asia/Jakarta time. */
const TZ = 'Asia/Jakarta';

const dateFmt = new Intl.DateTimeFormat('id-ID', { timeZone: TZ, day: 'numeric', month: 'long', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('id-ID', {
  timeZone: TZ,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "22 November 2026" */
export function formatDate(iso: string | null | undefined): string {
  const d = valid(iso);
  return d ? dateFmt.format(d) : '-';
}

/** "22 November 2026 21.05" (add " WIB" where SPEC shows it, or use formatDateTimeWib). */
export function formatDateTime(iso: string | null | undefined): string {
  const d = valid(iso);
  return d ? dateTimeFmt.format(d).replace(' pukul ', ' ').replace(/, /g, ' ') : '-';
}

export function formatDateTimeWib(iso: string | null | undefined): string {
  const s = formatDateTime(iso);
  return s === '-' ? s : `${s} WIB`;
}

/** A date-time-local input value ("2026-11-30T23:59") in WIB, from an ISO instant. */
export function toWibInput(iso: string | null | undefined): string {
  const d = valid(iso);
  if (!d) return '';
  const wib = new Date(d.getTime() + 7 * 3600 * 1000);
  return wib.toISOString().slice(0, 16);
}

/** An ISO instant from a date-time-local input value read as WIB. */
export function fromWibInput(value: string): string {
  return new Date(`${value}:00+07:00`).toISOString();
}

/** Cuts text at n characters and adds an ellipsis (SPEC §9). */
export function truncate(text: string | null | undefined, n: number): string {
  if (!text) return '';
  return text.length > n ? `${text.slice(0, n)}...` : text;
}

export function fileExtension(name: string | null | undefined): string {
  const m = /\.([^.]+)$/.exec(name ?? '');
  return m ? m[1]!.toLowerCase() : '';
}
