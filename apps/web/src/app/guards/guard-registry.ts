import { hasCapability, isCapabilityKey, type CurrentUserResponse } from '@skolportalen/shared';
import { paths, redirectTarget } from '@/lib/paths';

/**
 * Route guards ("middleware" in the spec, §6). A route names its guards as
 * strings — `auth`, `admin`, `capability:create_post`, `role:role_teacher,role_employee`
 * — and they are looked up here by name, so a route naming a guard that does
 * not exist gets the spec's 500 "Unknown middleware".
 */
export interface GuardContext {
  pathname: string;
  search: string;
  /** The session's readable companion cookie is present (`lib/cookies.ts`). */
  signedIn: boolean;
  /** The signed-in user, once loaded. */
  user: CurrentUserResponse | undefined;
  /** What follows the colon in `name:argument`. */
  argument: string | undefined;
}

export type GuardOutcome =
  | { kind: 'allow' }
  /** `signOut`: forget client state before leaving (auth guard, spec §8). */
  | { kind: 'redirect'; to: string; signOut?: boolean }
  | { kind: 'forbidden' }
  /** The guard needs the user, who is still loading. */
  | { kind: 'pending' }
  | { kind: 'unknown'; name: string };

/** A guard either decides from the request alone or needs the loaded user. */
export type Guard =
  | { needsUser: false; check(context: GuardContext): GuardOutcome }
  | {
      needsUser: true;
      check(context: GuardContext & { user: CurrentUserResponse }): GuardOutcome;
    };

const allow: GuardOutcome = { kind: 'allow' };

const listOf = (argument: string | undefined) =>
  (argument ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

const auth: Guard = {
  needsUser: false,
  check: ({ signedIn, pathname, search }) =>
    signedIn
      ? allow
      : { kind: 'redirect', to: paths.login.href(`${pathname}${search}`), signOut: true },
};

/**
 * The login page sends someone who is already signed in on: to the start page,
 * or to the `?redirect=` path the sign-in was for (the same place the form goes).
 */
const guest: Guard = {
  needsUser: false,
  check: ({ signedIn, search }) =>
    signedIn
      ? {
          kind: 'redirect',
          to: redirectTarget(search, window.location.origin),
        }
      : allow,
};

const admin: Guard = {
  needsUser: true,
  check: ({ user, pathname }) => {
    if (user.isAdmin) return allow;
    // Spec §6: school-responsible staff may open the tools administration.
    if (withoutTrailingSlash(pathname) === paths.admin.tools.path && user.isSchoolResponsible) {
      return allow;
    }
    return { kind: 'redirect', to: paths.home.href() };
  },
};

/** `capability:a` needs a granted; `capability:a,b` passes unless one is explicitly denied (spec §6). */
const capability: Guard = {
  needsUser: true,
  check: ({ user, argument }) => {
    const keys = listOf(argument);
    // A single key must be one of the catalogue's and granted; in a list a key outside the
    // catalogue cannot be denied, so it does not stop the rest (the spec's rule for lists).
    const granted =
      keys.length === 1
        ? isCapabilityKey(keys[0]!) && hasCapability(user.capabilities, keys[0])
        : hasCapability(user.capabilities, keys.filter(isCapabilityKey));
    return granted ? allow : { kind: 'forbidden' };
  },
};

/** `role:role_teacher,role_employee`: the user holds one of the listed roles. */
const role: Guard = {
  needsUser: true,
  check: ({ user, argument }) => {
    const keys = listOf(argument);
    return user.roles.some((held) => keys.includes(held.key)) ? allow : { kind: 'forbidden' };
  },
};

export type GuardRegistry = Readonly<Record<string, Guard>>;

export const guardRegistry: GuardRegistry = { auth, guest, admin, capability, role };

export function parseGuardRef(ref: string): { name: string; argument: string | undefined } {
  const colon = ref.indexOf(':');
  return colon === -1
    ? { name: ref, argument: undefined }
    : { name: ref.slice(0, colon), argument: ref.slice(colon + 1) };
}

export function guardsNeedUser(refs: readonly string[], registry: GuardRegistry = guardRegistry) {
  return refs.some((ref) => registry[parseGuardRef(ref).name]?.needsUser === true);
}

/** Runs the guards in order; the first one that does not allow decides. */
export function evaluateGuards(
  refs: readonly string[],
  context: Omit<GuardContext, 'argument'>,
  registry: GuardRegistry = guardRegistry,
): GuardOutcome {
  for (const ref of refs) {
    const { name, argument } = parseGuardRef(ref);
    const guard = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!guard) return { kind: 'unknown', name };
    let outcome: GuardOutcome;
    if (guard.needsUser) {
      const { user } = context;
      if (!user) return { kind: 'pending' };
      outcome = guard.check({ ...context, argument, user });
    } else {
      outcome = guard.check({ ...context, argument });
    }
    if (outcome.kind !== 'allow') return outcome;
  }
  return allow;
}
