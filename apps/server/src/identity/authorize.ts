import { sv } from '@skolportalen/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors';
import type { AuthUser } from './auth-user.repo';
import { authOf } from './authenticate';

/**
 * The one shape of authorization (docs/decisions/0038): each module states
 * what an actor may do in its policy file as `Rule`s, typed by what the rule
 * needs to know (a post's facts, a target account's id, nothing); routes and
 * services ask `authorize(actor, rule, subject)`, which refuses with 403, or
 * `can(…)` for a yes or no; the `can` flags the web app gets come from
 * `canFlags`, so a button is shown exactly when the request would pass.
 */

/** What a refused user is told: the Swedish message and, where the client acts on it, a code. */
export interface Refusal {
  message?: string;
  code?: string;
}

export interface Rule<Subject = void, Actor = AuthUser> {
  readonly allows: (actor: Actor, subject: Subject) => boolean;
  /** Without one, the refusal is the generic "no permission" (FORBIDDEN). */
  readonly refusal?: Refusal | ((actor: Actor, subject: Subject) => Refusal | undefined);
}

/** A rule's subject argument: none when the rule needs nothing to know. */
type SubjectArgs<Subject> = [Subject] extends [void] ? [] : [subject: Subject];

export function rule<Subject = void, Actor = AuthUser>(
  allows: (actor: Actor, subject: Subject) => boolean,
  refusal?: Rule<Subject, Actor>['refusal'],
): Rule<Subject, Actor> {
  return { allows, refusal };
}

export function can<Subject, Actor>(
  actor: Actor,
  action: Rule<Subject, Actor>,
  ...[subject]: SubjectArgs<Subject>
): boolean {
  return action.allows(actor, subject as Subject);
}

export function refusalOf<Subject, Actor>(
  actor: Actor,
  action: Rule<Subject, Actor>,
  subject: Subject,
): AppError {
  const refusal =
    typeof action.refusal === 'function' ? action.refusal(actor, subject) : action.refusal;
  return new AppError(403, refusal?.code ?? 'FORBIDDEN', refusal?.message ?? sv.errors.forbidden);
}

/** Goes on when the rule allows the action; otherwise throws its refusal (403). */
export function authorize<Subject, Actor>(
  actor: Actor,
  action: Rule<Subject, Actor>,
  ...[subject]: SubjectArgs<Subject>
): void {
  if (!action.allows(actor, subject as Subject)) {
    throw refusalOf(actor, action, subject as Subject);
  }
}

/** The `can` flags sent to the web app: each named rule asked of the same subject. */
export function canFlags<Subject, Actor, Key extends string>(
  actor: Actor,
  rules: Record<Key, Rule<Subject, Actor>>,
  ...[subject]: SubjectArgs<Subject>
): Record<Key, boolean> {
  const flags = {} as Record<Key, boolean>;
  for (const key of Object.keys(rules) as Key[]) {
    flags[key] = rules[key].allows(actor, subject as Subject);
  }
  return flags;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the signed-in user must be allowed before the handler runs: the
     * right an administration screen needs, the capability a list needs. The
     * route states it in its definition; `registerRouteRules` checks it.
     */
    requires?: Rule;
  }
}

/**
 * Checks each route's `config.requires` as its last step before the handler
 * (after validation and the route's own hooks), where the hand-written check
 * in the handler used to be, so the order of answers (401, 400, 403) stays.
 */
export function registerRouteRules(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const required = route.config?.requires;
    if (!required) return;
    const checkRequired = async (request: FastifyRequest) => {
      authorize(authOf(request).user, required);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), checkRequired];
  });
}
