import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../http/route-deps';

/**
 * Route plugins whose every route needs a signed-in user, registered as one
 * group: the session check (`authenticate`: 401 without a session, the
 * same-origin check for cookie writes) runs once for the group, before any
 * route's own hooks and before validation, instead of being repeated on each
 * route.
 */
export function signedInGroup(deps: RouteDeps, plugins: FastifyPluginAsync<RouteDeps>[]) {
  return async (group: FastifyInstance) => {
    group.addHook('onRequest', group.authenticate);
    for (const plugin of plugins) await group.register(plugin, deps);
  };
}
