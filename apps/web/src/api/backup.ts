import type { FileLink } from '@kelasku/contract';
import { api } from './client';

/**
 * "Unduh cadangan": the whole school as one archive. The server mints a short-lived signed link and
 * the browser downloads it itself, streaming to disk with its own progress: a backup of many
 * gigabytes never sits in the tab's memory.
 */
export async function downloadBackup(): Promise<void> {
  const res = await api.post<FileLink>('/api/admin/backup/link', {});
  const a = document.createElement('a');
  a.href = res.data.url;
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}
