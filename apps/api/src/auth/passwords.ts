import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum (19 MiB, t=2, p=1). The async API hashes on libuv's thread pool,
// so a storm of logins never blocks the event loop.
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** A valid hash of a random secret: verifying against it costs the same as a real user's, so timing tells nothing. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hash(`dummy-${Math.random()}`, OPTIONS));
