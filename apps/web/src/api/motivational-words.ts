import { useQuery } from '@tanstack/react-query';
import type { MotivationalWord, RandomWord, WordBody } from '@kelasku/contract';
import { RESOURCES, useRemove, useSave } from './admin-resources';
import { api } from './client';
import { keys } from './keys';

const WORDS = `${RESOURCES}/motivational-words`;

export function useWords() {
  return useQuery({ queryKey: keys.admin.words, queryFn: () => api.get<MotivationalWord[]>(WORDS) });
}

export function useWord(id: number) {
  return useQuery({ queryKey: keys.admin.word(id), queryFn: () => api.get<MotivationalWord>(`${WORDS}/${id}`) });
}

export function useSaveWord() {
  return useSave<WordBody, MotivationalWord>(WORDS, [keys.admin.words]);
}

export function useDeleteWord() {
  return useRemove(WORDS, [keys.admin.words]);
}

/** The student dashboard's word of the moment. */
export function useRandomWord() {
  return useQuery({
    queryKey: keys.randomWord,
    queryFn: () => api.get<RandomWord>('/api/student/random-motivational-word'),
    staleTime: 5 * 60_000,
  });
}
