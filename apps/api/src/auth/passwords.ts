import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum (19 MiB, t=2, p=1). The async API hashes on libuv's thread pool,
// so a storm of logins never blocks the event loop.
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes run at once: one core stays free for the event loop (and the embedded
 * database, which runs on it) during a login storm, and libuv's pool keeps threads for file I/O.
 * Logins beyond it wait their turn; throughput barely changes since hashing is CPU-bound anyway.
 */
const SLOTS = Math.max(1, Math.min(3, os.availableParallelism() - 1));
let busy = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (busy < SLOTS) busy++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over on release
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

export const hashPassword = (plain: string) => limited(() => hash(plain, OPTIONS));

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await limited(() => verify(hashed, plain));
  } catch {
    return false;
  }
}

/** A valid hash of a random secret: verifying against it costs the same as a real user's, so timing tells nothing. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= limited(() => hash(`dummy-${Math.random()}`, OPTIONS)));
