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

/**
 * The date pickers (@mantine/dates) hold wall-clock strings, "YYYY-MM-DD HH:mm:ss", with no time
 * zone. The school's clock is WIB (UTC+7 all year, no daylight saving), so a picker value is read and
 * written as WIB here, whatever the browser's own time zone.
 */
const WIB_OFFSET_MS = 7 * 3600 * 1000;

/** The picker value ("2026-11-24 23:59:00", WIB) of an ISO instant; null when there is none. */
export function toWibPickerValue(iso: string | null | undefined): string | null {
  const d = valid(iso);
  if (!d) return null;
  return new Date(d.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The ISO instant (UTC, as the API takes it) of a picker value read as WIB. */
export function fromWibPickerValue(value: string): string {
  return new Date(`${value.trim().replace(' ', 'T')}+07:00`).toISOString();
}

/** Whether a picker value (WIB) is before `now`. */
export function isPastWib(value: string | null | undefined, now: number = Date.now()): boolean {
  return !!value && Date.parse(fromWibPickerValue(value)) < now;
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
