import { useSyncExternalStore } from 'react';

/**
 * "Hemat data" (issue 42): a switch per device, kept in localStorage. When it is on, avatars show
 * initials, pictures wait for a tap, and a YouTube material shows a plain button instead of its
 * thumbnail. Off by default.
 */
export const DATA_SAVER_KEY = 'kelasku:hemat-data';
/** Files above this show their size before they open. */
export const LARGE_FILE_BYTES = 1024 * 1024;

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(DATA_SAVER_KEY) === '1';
  } catch {
    return false;
  }
}

let current = typeof localStorage === 'undefined' ? false : read();

/** Whether Hemat data is on on this device. */
export const dataSaverOn = () => current;

/** Turns Hemat data on or off on this device. */
export function setDataSaver(on: boolean) {
  try {
    if (on) localStorage.setItem(DATA_SAVER_KEY, '1');
    else localStorage.removeItem(DATA_SAVER_KEY);
  } catch {
    // Private mode without storage: the switch holds for this visit.
  }
  current = on;
  listeners.forEach((l) => l());
}

if (typeof window !== 'undefined') {
  // Another tab flipped the switch.
  window.addEventListener('storage', (e) => {
    if (e.key !== DATA_SAVER_KEY) return;
    current = read();
    listeners.forEach((l) => l());
  });
}

/** The switch, kept current. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    dataSaverOn,
    () => false,
  );
}

/** Whether the browser says the user asked to save data (Chrome's "Lite mode", Save-Data). */
export function browserAsksToSaveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** "3,4 MB", "120 KB", "2,7 KB": a size the Indonesian way, at most one decimal (as offline/rules formatStorage). */
export function formatFileSize(bytes: number): string {
  const oneDecimal = (n: number) => {
    const text = n.toFixed(1);
    return text.endsWith('.0') ? text.slice(0, -2) : text.replace('.', ',');
  };
  if (bytes < 1024 * 1024) return `${bytes < 10 * 1024 ? oneDecimal(bytes / 1024) : Math.round(bytes / 1024)} KB`;
  return `${oneDecimal(bytes / (1024 * 1024))} MB`;
}

/** "PDF · 3,4 MB" for a file over 1 MB, null otherwise (or when its size is unknown). */
export function largeFileLabel(extension: string, size: number | null): string | null {
  if (size === null || size <= LARGE_FILE_BYTES) return null;
  const kind = extension ? extension.toUpperCase() : 'File';
  return `${kind} · ${formatFileSize(size)}`;
}
