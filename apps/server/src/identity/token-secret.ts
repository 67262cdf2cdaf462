import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newTokenId(): string {
  return randomUUID();
}

/** Secrets we issue are 43 base64url characters; anything else is not worth a lookup. */
export function looksLikeTokenSecret(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
