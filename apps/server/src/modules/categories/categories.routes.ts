import { categorySortColumns } from '@skolportalen/shared';
import { categoryEndpoints } from '@skolportalen/shared/endpoints/categories';
import { categorySchemas } from '@skolportalen/shared/endpoints/categories.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoints, type EndpointRequest } from '../../http/endpoint-routes';
import { administers } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { listCategories } from './categories.repo';
import {
  categoryOrThrow,
  changeCategoryNode,
  createCategory,
  deleteCategory,
} from './categories.service';

/** Categories are changed by administrators whose category_edit is not denied. */
const editsCategories = administers({ notDenied: ['category_edit'] });

/** `/api/core/v1/category`: categories and the groups they link to. */
export async function categoryRoutes(app: FastifyInstance, { db }: RouteDeps) {
  /** After the route's required right: changes are made by the person themselves. */
  async function actingAsSelf(request: FastifyRequest) {
    const auth = authOf(request);
    await assertActingAsSelf(db, auth);
    return auth;
  }

  /** Links a group to the category (`link`) or unlinks it. */
  const changeNode = (link: boolean) => ({
    config: { requires: editsCategories },
    handler: async (request: EndpointRequest<typeof categorySchemas.linkNode>) => {
      const auth = await actingAsSelf(request);
      const { id, nodeId } = request.params;
      return changeCategoryNode(db, auth, request.id, id, nodeId, link);
    },
  });

  registerEndpoints(app, categoryEndpoints, categorySchemas, {
    list: async (request, reply) => {
      const sort = sortOrThrow(request.query.sort, categorySortColumns, [
        { column: 'id', direction: 'ASC' },
      ]);
      const { categories, total } = await listCategories(db, request.query, sort);
      reply.headers(paginationTotal(total));
      return categories;
    },
    create: {
      config: { requires: editsCategories },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        return createCategory(db, auth, request.id, request.body);
      },
    },
    get: async (request) => categoryOrThrow(db, request.params.id),
    remove: {
      config: { requires: editsCategories },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        await deleteCategory(db, auth, request.id, request.params.id);
        return { ok: true as const };
      },
    },
    linkNode: changeNode(true),
    unlinkNode: changeNode(false),
  });
}
