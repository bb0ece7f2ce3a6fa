import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost (m=19 MiB, t=2, p=1). */
export const passwordHasher = {
  hash: (password: string): Promise<string> => hash(password),
  verify: async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  },
};

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a throw-away hash, so an unknown login costs the same time
 * as a wrong password and timing reveals nothing.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-Delego');
  await passwordHasher.verify(await dummyHash, password);
}
