import { sessionStorageKeys, type SessionResponse } from '@skolportalen/shared';

/**
 * The session's token list (spec §3: kept in session storage). It holds only
 * metadata the server chose to share — never a token secret.
 */
export function saveTokenList(session: SessionResponse) {
  try {
    sessionStorage.setItem(sessionStorageKeys.tokenList, JSON.stringify(session));
  } catch {
    // Storage may be full or disabled; the list is refetched when needed.
  }
}

/** A hand check of the shared `sessionResponse` shape; the schema would pull the validation library into the first page. */
function isSessionResponse(value: unknown): value is SessionResponse {
  if (typeof value !== 'object' || value === null) return false;
  const { tokens, activeTokenId, masked } = value as Record<string, unknown>;
  return (
    typeof activeTokenId === 'string' &&
    typeof masked === 'boolean' &&
    Array.isArray(tokens) &&
    tokens.every((token: unknown) => {
      if (typeof token !== 'object' || token === null) return false;
      const { id, userId, name, masked: tokenMasked, active } = token as Record<string, unknown>;
      return (
        typeof id === 'string' &&
        typeof userId === 'number' &&
        typeof name === 'string' &&
        typeof tokenMasked === 'boolean' &&
        typeof active === 'boolean'
      );
    })
  );
}

export function readTokenList(): SessionResponse | null {
  try {
    const raw = sessionStorage.getItem(sessionStorageKeys.tokenList);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSessionResponse(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearTokenList() {
  try {
    sessionStorage.removeItem(sessionStorageKeys.tokenList);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
