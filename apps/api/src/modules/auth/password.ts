import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes): strong, yet quick on 2 cores.
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the login is unknown, so both answers take the same time. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash;
};
