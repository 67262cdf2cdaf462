import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { answerRefusalsWith } from '../http/endpoint-routes';
import type { RouteDeps } from '../http/route-deps';

/**
 * What any route of a signed-in group may refuse with: input that fails its
 * schemas (400), no session (401), a right or the same-origin check missing
 * (403), a record not there or not visible (404).
 */
const signedInRefusals = [400, 401, 403, 404] as const;

/**
 * Route plugins whose every route needs a signed-in user, registered as one
 * group: the session check (`authenticate`: 401 without a session, the
 * same-origin check for cookie writes) runs once for the group, before any
 * route's own hooks and before validation, instead of being repeated on each
 * route; the refusals above join every route's documented answers.
 */
export function signedInGroup(deps: RouteDeps, plugins: FastifyPluginAsync<RouteDeps>[]) {
  return async (group: FastifyInstance) => {
    group.addHook('onRequest', group.authenticate);
    answerRefusalsWith(group, signedInRefusals);
    for (const plugin of plugins) await group.register(plugin, deps);
  };
}
