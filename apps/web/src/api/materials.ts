import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassMaterial, LinkMaterialBody, MaterialEditBody } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

/** A content's materials on the teacher's side (issue 21: files, several at once, links, edit, replace). */
const materialsPath = (classId: number, contentId: number) => `/api/teacher/online-classes/${classId}/contents/${contentId}/materials`;

export interface MaterialUpload {
  title: string;
  /** The id of the finished resumable upload (uploads/) holding the file. */
  upload: string;
}

/** The form of a file material: its title and the finished upload in place of a file part. */
function materialForm({ title, upload }: MaterialUpload): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('upload', upload);
  return form;
}

/**
 * Adds one file material from an upload that is already on the server (one form per file, so
 * each file of a multi-file pick is saved on its own). The caller refreshes the content when the
 * batch is done.
 */
export function addFileMaterial(classId: number, contentId: number, material: MaterialUpload) {
  return api.upload<ClassMaterial>(materialsPath(classId, contentId), materialForm(material));
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

/** "Ganti file": a new file (already uploaded, resumable) and title for a file material. */
export function useReplaceMaterialFile(classId: number, contentId: number) {
  const refresh = useRefreshContent(classId, contentId);
  return useMutation({
    mutationFn: ({ id, ...material }: MaterialUpload & { id: number }) =>
      api.upload<ClassMaterial>(`${materialsPath(classId, contentId)}/${id}/file`, materialForm(material), { method: 'PUT' }),
    meta: { toast: false },
    onSuccess: refresh,
  });
}

export function useDeleteMaterial(classId: number, contentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (materialId: number) => api.delete(`${materialsPath(classId, contentId)}/${materialId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.teacherContent(classId, contentId) }),
  });
}
