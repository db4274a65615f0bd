import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportJob, ImportPreview } from '@kelasku/contract';
import { ApiError, api } from './client';
import { downloadFile } from './download';
import { keys } from './keys';

const IMPORTS = '/api/admin/imports';

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** Reads the file on the server and answers what importing it would do (nothing is written). */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async (file: File) => (await api.upload<ImportPreview>(`${IMPORTS}/users/preview`, fileForm(file))).data,
    meta: { toast: false },
  });
}

/** Starts the import of the file; the server writes it in the background. */
export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await api.upload<ImportJob>(`${IMPORTS}/users`, fileForm(file))).data,
    meta: { toast: false },
    onSuccess: (job) => qc.setQueryData(keys.admin.userImport(job.id), job),
  });
}

/** An import, polled every second until it has finished; then the user list and totals are refreshed. */
export function useImportJob(id: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: keys.admin.userImport(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const job = await api.get<ImportJob>(`${IMPORTS}/${id}`);
      if (job.status === 'done')
        await Promise.all([qc.invalidateQueries({ queryKey: keys.admin.users }), qc.invalidateQueries({ queryKey: keys.admin.stats })]);
      return job;
    },
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 1000),
  });
}

/**
 * Downloads the slips of an import (or a password reset) in one format, again as often as needed until
 * first sign-ins or 7 days erase them: the import is read again afterwards, so its `slips` say what is left.
 */
export function useTakeSlips(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (format: 'pdf' | 'xlsx') => downloadFile(slipsPath(id, format), `slip-akun.${format}`),
    meta: { toast: false },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.admin.userImport(id) }),
  });
}

export const templatePath = `${IMPORTS}/users/template`;
export const slipsPath = (id: number, format: 'pdf' | 'xlsx') => `${IMPORTS}/${id}/slips.${format}`;
export { ApiError };
