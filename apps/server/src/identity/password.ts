import { hash, verify, type Options } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
// Algorithm.Argon2id is an ambient const enum the compiler cannot inline here; its value is 2.
const options: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash so that an unknown username costs the
 * same time as a wrong password and the two cannot be told apart.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password');
  await verifyPassword(await dummyHash, password);
  return false;
}
