import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Question, QuestionBody, QuestionCategory, QuestionImportPreview, QuestionPage, QuestionUpdateBody } from '@kelasku/contract';
import { ApiError, api } from './client';
import { downloadFile } from './download';
import { refreshAfterChange } from './refresh';

const BASE = '/api/teacher';
const categoriesPath = `${BASE}/question-categories`;
const categoryPath = (id: number) => `${categoriesPath}/${id}`;
const questionPath = (id: number) => `${BASE}/questions/${id}`;

/** How many questions a page of a category shows. */
export const QUESTIONS_PER_PAGE = 20;

/**
 * The query keys of the teacher's question bank (Bank Soal). Everything sits under `bank`, so any
 * change of the bank (a question saved, an import, a category renamed) refreshes the counts and
 * lists at once; the quiz form's pickers read the same keys.
 */
export const bankKeys = {
  bank: ['teacher', 'bank'] as const,
  categories: ['teacher', 'bank', 'categories'] as const,
  questions: (categoryId: number) => ['teacher', 'bank', 'questions', categoryId] as const,
  questionPage: (categoryId: number, page: number, q: string, perPage: number) =>
    ['teacher', 'bank', 'questions', categoryId, { page, q, perPage }] as const,
};

/** The teacher's categories with their question counts, by name. */
export function useQuestionCategories() {
  return useQuery({ queryKey: bankKeys.categories, queryFn: () => api.get<QuestionCategory[]>(categoriesPath) });
}

/** A page of a category's questions (`q`: words of the text); the last page stays on screen while the next loads. */
export function useQuestionPage(categoryId: number | null, page: number, q: string, perPage = QUESTIONS_PER_PAGE) {
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (q.trim()) params.set('q', q.trim());
  return useQuery({
    queryKey: bankKeys.questionPage(categoryId ?? 0, page, q.trim(), perPage),
    queryFn: () => api.get<QuestionPage>(`${categoryPath(categoryId!)}/questions?${params.toString()}`),
    enabled: categoryId !== null,
    placeholderData: keepPreviousData,
  });
}

function useBankMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { toast: false },
    onSuccess: () => refreshAfterChange(qc, bankKeys.bank),
  });
}

/** Creates a category (no id) or renames one. */
export function useSaveCategory() {
  return useBankMutation(({ id, name }: { id?: number; name: string }) =>
    id === undefined ? api.post<QuestionCategory>(categoriesPath, { name }) : api.put<QuestionCategory>(categoryPath(id), { name }),
  );
}

/** Deletes a category with its questions (409 while a quiz uses it). */
export function useDeleteCategory() {
  return useBankMutation((id: number) => api.delete(categoryPath(id)));
}

/** Creates a question in a category (no id) or edits one. */
export function useSaveQuestion(categoryId: number) {
  // `into`: another category for a new question (the quiz form's "Tambah soal" lets the teacher pick one).
  return useBankMutation(({ id, body, into = categoryId }: { id?: number; body: QuestionBody | QuestionUpdateBody; into?: number }) =>
    id === undefined ? api.post<Question>(`${categoryPath(into)}/questions`, body) : api.put<Question>(questionPath(id), body),
  );
}

/** Deletes a question (409 while a quiz or an attempt uses it). */
export function useDeleteQuestion() {
  return useBankMutation((id: number) => api.delete(questionPath(id)));
}

/** Puts a picture on a question (a File) or removes it (null). */
export function useQuestionImage() {
  return useBankMutation(({ id, file }: { id: number; file: File | null }) => {
    if (file === null) return api.delete(`${questionPath(id)}/image`);
    const form = new FormData();
    form.append('image', file);
    return api.upload<Question>(`${questionPath(id)}/image`, form, { method: 'PUT' });
  });
}

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** Reads a GIFT or XLSX file on the server and answers its questions and errors; nothing is saved. */
export function usePreviewQuestionImport(categoryId: number) {
  return useMutation({
    mutationFn: async (file: File) =>
      (await api.upload<QuestionImportPreview>(`${categoryPath(categoryId)}/import?preview=1`, fileForm(file))).data,
    meta: { toast: false },
  });
}

/**
 * Saves every question of the file (all or none: a file with an error is refused with its errors).
 * `fileCategories`: GIFT's `$CATEGORY:` lines send their questions to the category of that name
 * (as Moodle does); false puts the whole file into this category.
 */
export function useImportQuestions(categoryId: number) {
  return useBankMutation(({ file, fileCategories }: { file: File; fileCategories: boolean }) =>
    api.upload<{ created: number; skipped: QuestionImportPreview['skipped'] }>(
      `${categoryPath(categoryId)}/import${fileCategories ? '' : '?file_categories=0'}`,
      fileForm(file),
    ),
  );
}

/** The lines or rows a refused import names (its 422 carries them as a list). */
export function importErrorsOf(err: unknown): QuestionImportPreview['errors'] {
  if (!(err instanceof ApiError)) return [];
  const errors: unknown = err.errors;
  return Array.isArray(errors) ? (errors as QuestionImportPreview['errors']) : [];
}

/** "Unduh Template XLSX": the question template (an example row per type and a sheet explaining the columns). */
export const downloadQuestionTemplate = () => downloadFile(`${BASE}/question-template.xlsx`, 'template-soal.xlsx');

/** "Ekspor GIFT": the category's questions as a GIFT text file. */
export const exportCategoryGift = (category: { id: number; name: string }) =>
  downloadFile(`${categoryPath(category.id)}/export.gift`, `${category.name}.gift`);
