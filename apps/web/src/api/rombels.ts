import { useQuery } from '@tanstack/react-query';
import type { Department, RombelBody, RombelBulkBody, RombelClass, RombelDetail } from '@kelasku/contract';
import { RESOURCES, useAdminMutation, useRemove, useSave } from './admin-resources';
import { api } from './client';
import { keys } from './keys';

const ROMBELS = `${RESOURCES}/rombel-classes`;

export function useRombels() {
  return useQuery({ queryKey: keys.admin.rombels, queryFn: () => api.get<RombelClass[]>(ROMBELS) });
}

export function useRombel(id: number) {
  return useQuery({ queryKey: keys.admin.rombel(id), queryFn: () => api.get<RombelDetail>(`${ROMBELS}/${id}`) });
}

export function useDepartments() {
  return useQuery({
    queryKey: keys.admin.departments,
    queryFn: () => api.get<Department[]>(`${RESOURCES}/departments`),
    staleTime: 60_000,
  });
}

/** Rombel names also show in every rombel select box and on the class cards. */
const rombelRefresh = [keys.admin.rombels, keys.admin.users, keys.rombelOptions, keys.teacherClasses, keys.studentClasses];

export function useSaveRombel() {
  return useSave<RombelBody, RombelClass>(ROMBELS, rombelRefresh);
}

export function useDeleteRombel() {
  return useRemove(ROMBELS, rombelRefresh);
}

/** "Buat rombel baru sekaligus": several rombels of one department and grade. */
export function useBulkRombels() {
  return useAdminMutation((body: RombelBulkBody) => api.post<RombelClass[]>(`${ROMBELS}/bulk`, body), rombelRefresh);
}
