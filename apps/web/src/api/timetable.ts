import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  AssignmentGrid,
  BellDay,
  BellTimesBody,
  FetPreview,
  FetResult,
  FetTeacherChoice,
  SlotBody,
  TimetableImportPreview,
  TimetableSlot,
  TimetableWeek,
} from '@kelasku/contract';
import { RESOURCES, useAdminMutation } from './admin-resources';
import { api } from './client';
import { getPage } from './pages';

const ADMIN = '/api/admin';

/** Whose week the admin looks at: a rombel's or a teacher's. */
export type WeekOf = { rombel_id: number } | { teacher_id: number };

/** The query keys of the timetable screens (all under ['admin', 'timetable'] but the assignments and teachers). */
export const timetableKeys = {
  all: ['admin', 'timetable'] as const,
  bell: ['admin', 'timetable', 'bell-times'] as const,
  week: (of: WeekOf) => ['admin', 'timetable', 'week', of] as const,
  assignments: ['admin', 'teaching-assignments'] as const,
  teachers: ['admin', 'users', 'all-teachers'] as const,
};

export function useBellTimes() {
  return useQuery({ queryKey: timetableKeys.bell, queryFn: () => api.get<BellDay[]>(`${ADMIN}/bell-times`) });
}

/** Replaces the whole set of bell times; the weeks shown are refreshed (their times change). */
export function useSaveBellTimes() {
  return useAdminMutation((body: BellTimesBody) => api.put<BellDay[]>(`${ADMIN}/bell-times`, body), [timetableKeys.all]);
}

/** The active semester's rombels, subjects and teaching assignments (the slot picker's choices). */
export function useAssignmentGrid() {
  return useQuery({ queryKey: timetableKeys.assignments, queryFn: () => api.get<AssignmentGrid>(`${ADMIN}/teaching-assignments`) });
}

export function useTimetableWeek(of: WeekOf | null) {
  return useQuery({
    queryKey: timetableKeys.week(of ?? { rombel_id: 0 }),
    enabled: of !== null,
    queryFn: () => {
      const q = of && 'rombel_id' in of ? `rombel_id=${of.rombel_id}` : `teacher_id=${(of as { teacher_id: number }).teacher_id}`;
      return api.get<TimetableWeek>(`${ADMIN}/timetable?${q}`);
    },
  });
}

/** Places a teaching assignment in a period; the assignments' slot counts change too. */
export function useAddSlot() {
  return useAdminMutation(
    (body: SlotBody) => api.post<TimetableSlot>(`${ADMIN}/timetable/slots`, body),
    [timetableKeys.all, timetableKeys.assignments],
  );
}

export function useDeleteSlot() {
  return useAdminMutation((id: number) => api.delete(`${ADMIN}/timetable/slots/${id}`), [timetableKeys.all, timetableKeys.assignments]);
}

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** What importing the timetable XLSX would place (nothing is written). */
export function usePreviewTimetableImport() {
  return useMutation({
    mutationFn: async (file: File) => (await api.upload<TimetableImportPreview>(`${ADMIN}/timetable/import/preview`, fileForm(file))).data,
    meta: { toast: false },
  });
}

export function useTimetableImport() {
  return useAdminMutation(
    (file: File) => api.upload<{ slots: number }>(`${ADMIN}/timetable/import`, fileForm(file)),
    [timetableKeys.all, timetableKeys.assignments],
  );
}

/** The FET file, FET's timetable CSV when given, and (for the import) the admin's choice per teacher. */
export interface FetFiles {
  fet: File;
  timetable: File | null;
}

const fetForm = ({ fet, timetable }: FetFiles, teachers?: FetTeacherChoice[]) => {
  const form = new FormData();
  // The choices first: the server reads the fields before it meets the files.
  if (teachers) form.append('teachers', JSON.stringify(teachers));
  form.append('fet', fet);
  if (timetable) form.append('timetable', timetable);
  return form;
};

export function useFetPreview() {
  return useMutation({
    mutationFn: async (files: FetFiles) => (await api.upload<FetPreview>(`${ADMIN}/imports/fet/preview`, fetForm(files))).data,
    meta: { toast: false },
  });
}

/** Writes the FET file into the active semester: every admin list it touches is refreshed. */
export function useFetImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, teachers }: { files: FetFiles; teachers: FetTeacherChoice[] }) =>
      (await api.upload<FetResult>(`${ADMIN}/imports/fet`, fetForm(files, teachers))).data,
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Every active teacher account (the FET teachers' choices), page after page of 100. */
export function useAllTeachers() {
  return useQuery({
    queryKey: timetableKeys.teachers,
    queryFn: async () => {
      const all: AdminUser[] = [];
      for (let page = 1; page <= 50; page++) {
        const res = await getPage<AdminUser[]>(`${RESOURCES}/users`, { role: 'teacher', status: 'active', per_page: 100, page });
        all.push(...res.data);
        if (page >= res.meta.last_page) break;
      }
      return all;
    },
  });
}
