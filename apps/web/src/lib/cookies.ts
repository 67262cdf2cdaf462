import { cookieNames } from '@skolportalen/shared';

/**
 * The page cannot tell whether the server runs with Secure (`__Host-`) names
 * or plain ones, so it looks for either: the flag only steers the screens,
 * the server decides who is signed in.
 */
const secureFlag = cookieNames(true).signedIn;
const plainFlag = cookieNames(false).signedIn;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The readable companion of the HttpOnly session cookie: present while a session exists. */
export function hasSignedInCookie(): boolean {
  return [secureFlag, plainFlag].some((name) => {
    const value = readCookie(name);
    return value !== undefined && value !== '';
  });
}

/** Drops the readable flag when the server says the session is gone, so the login page does not bounce back. */
export function clearSignedInCookie() {
  // A `__Host-` cookie is only replaced by one that is Secure, for path / and without Domain.
  document.cookie = `${secureFlag}=; Max-Age=0; path=/; Secure; SameSite=Lax`;
  document.cookie = `${plainFlag}=; Max-Age=0; path=/; SameSite=Lax`;
}

const roleChoiceOffers = [cookieNames(true).chooseRole, cookieNames(false).chooseRole];

/**
 * A sign-in through the identity provider ends on an ordinary page, and the
 * server leaves a short-lived cookie for it: taken once, it makes the page
 * offer the role choice as the login form does.
 */
export function takeRoleChoiceOffer(): boolean {
  const offered = roleChoiceOffers.some((name) => readCookie(name) === '1');
  if (offered) {
    document.cookie = `${roleChoiceOffers[0]}=; Max-Age=0; path=/; Secure; SameSite=Lax`;
    document.cookie = `${roleChoiceOffers[1]}=; Max-Age=0; path=/; SameSite=Lax`;
  }
  return offered;
}
