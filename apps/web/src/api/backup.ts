import { downloadSignedLink } from './download';

/**
 * "Unduh cadangan": the whole school as one archive. The server mints a short-lived signed link and
 * the browser downloads it itself, streaming to disk with its own progress: a backup of many
 * gigabytes never sits in the tab's memory.
 */
export const downloadBackup = (): Promise<void> => downloadSignedLink('/api/admin/backup/link');
