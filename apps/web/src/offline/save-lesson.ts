import type { ClassMaterial, FileLink as FreshLink } from '@kelasku/contract';
import { api } from '../api/client';
import { fileIdOf } from '../components/FileLink';
import { FILES_CACHE, OWNER_HEADER, STORAGE_BUDGET_BYTES, fileKey, formatStorage } from './rules';
import { offlineUsage } from './usage';

/**
 * "Simpan untuk offline" on a Pembelajaran: its file materials are fetched once through the service
 * worker, which keeps them in its files cache (FILES_CACHE, by fileKey) exactly as it keeps a file
 * the student opened, within STORAGE_BUDGET_BYTES. The fresh-link read each file needs is kept too,
 * so a tap on the material offline finds both.
 */

/** A file material that can be saved: it has a signed link. */
export type SavableFile = ClassMaterial & { kind: 'file'; file: string };

export const savableFiles = (materials: ClassMaterial[]): SavableFile[] =>
  materials.filter((m): m is SavableFile => m.kind === 'file' && typeof m.file === 'string' && fileIdOf(m.file) !== null);

export interface SavePlan {
  /** The files not saved yet. */
  files: SavableFile[];
  /** Their total size. */
  need: number;
  /** What is left of the budget. */
  left: number;
  fits: boolean;
}

/** What saving would take: the files not kept yet, their size, and whether it fits what is left of the budget. */
export function planSave(files: SavableFile[], saved: ReadonlySet<number>, usedBytes: number, budget = STORAGE_BUDGET_BYTES): SavePlan {
  const todo = files.filter((f) => !saved.has(f.id));
  const need = todo.reduce((n, f) => n + (f.size ?? 0), 0);
  const left = Math.max(0, budget - usedBytes);
  return { files: todo, need, left, fits: need <= left };
}

/** "Simpan 5 materi (12,3 MB) untuk dibaca offline?" */
export const askText = (plan: SavePlan) => `Simpan ${plan.files.length} materi (${formatStorage(plan.need)}) untuk dibaca offline?`;

/** "Ruang offline tidak cukup: perlu 12,3 MB, tersisa 4,1 MB. Hapus data offline di Profil." */
export const refusalText = (plan: SavePlan) =>
  `Ruang offline tidak cukup: perlu ${formatStorage(plan.need)}, tersisa ${formatStorage(plan.left)}. Hapus data offline di Profil.`;

/** Where the worker keeps this material. */
const keyOf = (m: SavableFile) => fileKey(new URL(m.file, window.location.origin).href);

/** Which of the files are in the offline cache now. */
export async function savedFileIds(files: SavableFile[]): Promise<Set<number>> {
  if (typeof caches === 'undefined' || !(await caches.has(FILES_CACHE))) return new Set();
  const cache = await caches.open(FILES_CACHE);
  const found = await Promise.all(files.map(async (f) => ((await cache.match(keyOf(f)))?.headers.has(OWNER_HEADER) ? f.id : null)));
  return new Set(found.filter((id): id is number => id !== null));
}

/** The plan for these files on this phone now. */
export async function currentPlan(files: SavableFile[]): Promise<{ plan: SavePlan; saved: Set<number> }> {
  const [saved, usage] = await Promise.all([savedFileIds(files), offlineUsage()]);
  return { plan: planSave(files, saved, usage.bytes), saved };
}

/** Whether the service worker runs this page (it does the keeping). */
export const canSaveOffline = () => typeof caches !== 'undefined' && !!navigator.serviceWorker?.controller;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Saves one material: asks for a fresh link (the answer is kept for offline), reads the file through
 * the worker, then waits until the worker has put it in its cache. False when it was not kept.
 */
export async function saveMaterial(m: SavableFile): Promise<boolean> {
  const { url } = await api.get<FreshLink>(`/api/files/${fileIdOf(m.file)}/link`);
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  await res.blob();
  const cache = await caches.open(FILES_CACHE);
  const key = fileKey(new URL(url, window.location.origin).href);
  for (let i = 0; i < 50; i++) {
    if (await cache.match(key)) return true;
    await sleep(200);
  }
  return false;
}
