import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArchivedClass, PromotionBody, PromotionPreview, PromotionResult } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

// New school year: promotion and archive.

/** The counts of a promotion, changing nothing (its errors toast as usual). */
export function usePromotionPreview() {
  return useMutation({ mutationFn: (body: PromotionBody) => api.post<PromotionPreview>('/api/admin/promotion/preview', body) });
}

/** Applying moves students (rombel counts, user statuses) and archives classes. */
export function useApplyPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionBody) => api.post<PromotionResult>('/api/admin/promotion', body),
    onSuccess: () =>
      Promise.all(
        [keys.admin.rombels, keys.admin.users, keys.admin.archivedClasses, keys.teacherClasses, keys.studentClasses].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useArchivedClasses() {
  return useQuery({ queryKey: keys.admin.archivedClasses, queryFn: () => api.get<ArchivedClass[]>('/api/admin/archived-classes') });
}
