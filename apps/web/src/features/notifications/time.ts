import { formatRelativeDeadline } from '../../lib/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a notification arrived, as the bell says it: "baru saja", "5 menit yang lalu", "3 jam yang
 * lalu"; from a day on by the WIB calendar ("kemarin 14.05", "4 hari yang lalu", then the date).
 */
export function formatNotificationTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '-';
  const ago = now - at;
  if (ago < MINUTE) return 'baru saja';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} menit yang lalu`;
  if (ago < 24 * HOUR) return `${Math.floor(ago / HOUR)} jam yang lalu`;
  return formatRelativeDeadline(iso, now);
}

/** The bell's accessible name: "Notifikasi, 3 belum dibaca". */
export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifikasi, ${unread} belum dibaca` : 'Notifikasi';
}

/** The badge's text: up to 99, then "99+". */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
