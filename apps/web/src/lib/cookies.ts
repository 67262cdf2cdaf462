import { cookies } from '@skolportalen/shared';

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The readable companion of the HttpOnly session cookie: present while a session exists. */
export function hasSignedInCookie(): boolean {
  const value = readCookie(cookies.signedIn);
  return value !== undefined && value !== '';
}

/** Drops the readable flag when the server says the session is gone, so the login page does not bounce back. */
export function clearSignedInCookie() {
  document.cookie = `${cookies.signedIn}=; Max-Age=0; path=/; SameSite=Lax`;
}
