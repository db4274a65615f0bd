import { randomUUID } from 'node:crypto';

/** The keys of stored objects, the same in a folder (storage.ts) and a bucket (s3-storage.ts). */
const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;
/** The key of an unfinished upload in the folder's .tmp. */
const PENDING = /^[0-9a-f-]{36}$/;

/** A fresh storage key, `xx/uuid`: nothing a user sent becomes part of it. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

export const isStorageKey = (key: string) => KEY.test(key);

export const isPendingKey = (key: string) => PENDING.test(key);
