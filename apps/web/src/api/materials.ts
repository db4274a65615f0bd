import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassMaterial, LinkMaterialBody, MaterialEditBody } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

/** A content's materials on the teacher's side (issue 21: files, several at once, links, edit, replace). */
const materialsPath = (classId: number, lessonId: number) => `/api/teacher/online-classes/${classId}/contents/${lessonId}/materials`;

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
export function addFileMaterial(classId: number, lessonId: number, material: MaterialUpload) {
  return api.upload<ClassMaterial>(materialsPath(classId, lessonId), materialForm(material));
}

/** Shows the content again after its materials changed. */
export function useRefreshLesson(classId: number, lessonId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.teacherLesson(classId, lessonId) });
}

export function useAddLink(classId: number, lessonId: number) {
  const refresh = useRefreshLesson(classId, lessonId);
  return useMutation({
    mutationFn: (body: LinkMaterialBody) =>
      api.post<ClassMaterial>(`/api/teacher/online-classes/${classId}/contents/${lessonId}/links`, body),
    meta: { toast: false },
    onSuccess: refresh,
  });
}

/** Rename a material; `url` changes a link's address. */
export function useEditMaterial(classId: number, lessonId: number) {
  const refresh = useRefreshLesson(classId, lessonId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MaterialEditBody }) =>
      api.put<ClassMaterial>(`${materialsPath(classId, lessonId)}/${id}`, body),
    meta: { toast: false },
    onSuccess: refresh,
  });
}

/** "Ganti file": a new file (already uploaded, resumable) and title for a file material. */
export function useReplaceMaterialFile(classId: number, lessonId: number) {
  const refresh = useRefreshLesson(classId, lessonId);
  return useMutation({
    mutationFn: ({ id, ...material }: MaterialUpload & { id: number }) =>
      api.upload<ClassMaterial>(`${materialsPath(classId, lessonId)}/${id}/file`, materialForm(material), { method: 'PUT' }),
    meta: { toast: false },
    onSuccess: refresh,
  });
}

export function useDeleteMaterial(classId: number, lessonId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (materialId: number) => api.delete(`${materialsPath(classId, lessonId)}/${materialId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.teacherLesson(classId, lessonId) }),
  });
}
