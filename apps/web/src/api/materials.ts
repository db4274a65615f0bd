import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassMaterial, LinkMaterialBody, MaterialEditBody } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

/** A content's materials on the teacher's side (issue 21: files, several at once, links, edit, replace). */
const materialsPath = (classId: number, contentId: number) => `/api/teacher/online-classes/${classId}/contents/${contentId}/materials`;

export interface MaterialUpload {
  title: string;
  file: File;
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/**
 * Uploads one file material (one request per file, so each file of a multi-file pick has its own
 * progress and can be cancelled alone). The caller refreshes the content when the batch is done.
 */
export function uploadMaterial(classId: number, contentId: number, { title, file, onProgress, signal }: MaterialUpload) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', file);
  return api.upload<ClassMaterial>(materialsPath(classId, contentId), form, { onProgress, signal });
}

/** Shows the content again after its materials changed. */
export function useRefreshContent(classId: number, contentId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.teacherContent(classId, contentId) });
}

export function useAddLink(classId: number, contentId: number) {
  const refresh = useRefreshContent(classId, contentId);
  return useMutation({
    mutationFn: (body: LinkMaterialBody) =>
      api.post<ClassMaterial>(`/api/teacher/online-classes/${classId}/contents/${contentId}/links`, body),
    meta: { toast: false },
    onSuccess: refresh,
  });
}

/** Rename a material; `url` changes a link's address. */
export function useEditMaterial(classId: number, contentId: number) {
  const refresh = useRefreshContent(classId, contentId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MaterialEditBody }) =>
      api.put<ClassMaterial>(`${materialsPath(classId, contentId)}/${id}`, body),
    meta: { toast: false },
    onSuccess: refresh,
  });
}

/** "Ganti file": a new file (and title) for a file material, with progress and cancel. */
export function useReplaceMaterialFile(classId: number, contentId: number) {
  const refresh = useRefreshContent(classId, contentId);
  return useMutation({
    mutationFn: ({ id, title, file, onProgress, signal }: MaterialUpload & { id: number }) => {
      const form = new FormData();
      form.append('title', title);
      form.append('file', file);
      return api.upload<ClassMaterial>(`${materialsPath(classId, contentId)}/${id}/file`, form, { method: 'PUT', onProgress, signal });
    },
    meta: { toast: false },
    onSuccess: refresh,
  });
}
