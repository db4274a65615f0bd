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

const longDateFmt = new Intl.DateTimeFormat('id-ID', { timeZone: TZ, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "Jumat, 4 Desember 2026 pukul 23.59 WIB": a picker value (WIB) in full, shown under the field before saving. */
export function formatPickerValueLong(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = Date.parse(`${value.trim().replace(' ', 'T')}+07:00`);
  if (Number.isNaN(at)) return null;
  return `${longDateFmt.format(at)} pukul ${wibClock(at)} WIB`;
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

const DAY_MS = 24 * 3600 * 1000;

/** The WIB calendar day of an instant, as a day number (days since 1970-01-01 in WIB). */
const wibDay = (ms: number) => Math.floor((ms + WIB_OFFSET_MS) / DAY_MS);

/** "23.59": the WIB clock time of an instant. */
const wibClock = (ms: number) => new Date(ms + WIB_OFFSET_MS).toISOString().slice(11, 16).replace(':', '.');

/**
 * A deadline as a student reads it, by the WIB calendar whatever the browser's time zone:
 * "hari ini 14.00", "besok 23.59", "lusa 07.00", "3 hari lagi"; once past "kemarin 23.59",
 * "3 hari yang lalu"; a month or more away, the date ("15 Januari 2031").
 */
export function formatRelativeDeadline(iso: string | null | undefined, now: number = Date.now()): string {
  const d = valid(iso);
  if (!d) return '-';
  const at = d.getTime();
  const days = wibDay(at) - wibDay(now);
  if (days === 0) return `hari ini ${wibClock(at)}`;
  if (days === 1) return `besok ${wibClock(at)}`;
  if (days === 2) return `lusa ${wibClock(at)}`;
  if (days === -1) return `kemarin ${wibClock(at)}`;
  if (days > 2 && days < 31) return `${days} hari lagi`;
  if (days < -1 && days > -31) return `${-days} hari yang lalu`;
  return formatDate(iso);
}

/** Whether a deadline is still ahead and at most 24 hours away (highlighted in "Tugas Saya"). */
export function isDueSoon(iso: string | null | undefined, now: number = Date.now()): boolean {
  const d = valid(iso);
  if (!d) return false;
  const left = d.getTime() - now;
  return left >= 0 && left <= DAY_MS;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How long until a deadline, as a student on a phone reads it: "45 menit lagi", "2 jam lagi" (under
 * 12 hours; counted down, never up), then as formatRelativeDeadline ("hari ini 23.59", "besok
 * 23.59", "3 hari lagi"); once past "lewat 20 menit", "lewat 3 jam", "lewat 2 hari".
 */
export function formatDueIn(iso: string | null | undefined, now: number = Date.now()): string {
  const d = valid(iso);
  if (!d) return '-';
  const left = d.getTime() - now;
  if (left >= 0) {
    if (left < MINUTE_MS) return 'kurang dari 1 menit lagi';
    if (left < HOUR_MS) return `${Math.floor(left / MINUTE_MS)} menit lagi`;
    if (left < 12 * HOUR_MS) return `${Math.floor(left / HOUR_MS)} jam lagi`;
    return formatRelativeDeadline(iso, now);
  }
  const past = -left;
  if (past < MINUTE_MS) return 'baru saja lewat';
  if (past < HOUR_MS) return `lewat ${Math.floor(past / MINUTE_MS)} menit`;
  if (past < DAY_MS) return `lewat ${Math.floor(past / HOUR_MS)} jam`;
  return `lewat ${Math.floor(past / DAY_MS)} hari`;
}

/**
 * When something happened, as a confirmation reads it: "pukul 14.05 WIB" today (WIB calendar),
 * otherwise with its date, "21 November 2026 pukul 14.05 WIB".
 */
export function formatClockWib(iso: string | null | undefined, now: number = Date.now()): string {
  const d = valid(iso);
  if (!d) return '-';
  const clock = `pukul ${wibClock(d.getTime())} WIB`;
  return wibDay(d.getTime()) === wibDay(now) ? clock : `${formatDate(iso)} ${clock}`;
}

const KB = 1024;
const MB = 1024 * KB;

/** A file's size in KB or MB with an Indonesian decimal comma: "0,1 KB" (the least), "120 KB", "20,0 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace('.', ',')} MB`;
  // A few bytes still read as a size, "0,1 KB", never "0,0 KB".
  const kb = bytes > 0 ? Math.max(0.1, bytes / KB) : 0;
  return kb < 10 ? `${kb.toFixed(1).replace('.', ',')} KB` : `${Math.round(kb)} KB`;
}
