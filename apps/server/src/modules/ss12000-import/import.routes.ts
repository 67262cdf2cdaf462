import {
  importFileMaxBytes,
  importFileMaxDepth,
  type ImportLeaversMode,
  ss12000ImportFile,
  sv,
} from '@skolportalen/shared';
import { importEndpoints } from '@skolportalen/shared/endpoints/ss12000-import';
import { importSchemas } from '@skolportalen/shared/endpoints/ss12000-import.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { administers } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { registerEndpoints } from '../../http/endpoint-routes';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { importQueue, registerImportJobs } from './import-jobs';
import { createRun, findRun, listRuns } from './import-runs.repo';
import { jsonDepthExceeds } from './json-depth';

const e = sv.admin.import.errors;

/** An import writes groups and users: administrators with neither node_edit nor user_edit denied. */
const importsSchoolData = administers({ notDenied: ['node_edit', 'user_edit'] });

/** `/api/core/v1/ss12000-import`: importing the school organisation (beyond the spec). */
export async function importRoutes(app: FastifyInstance, { db, config, jobs }: RouteDeps) {
  registerImportJobs(jobs, db, config, app.log);

  /** The run and its job are written together: a run exists only with the job that will do it. */
  async function queueRun(values: {
    source: 'file' | 'api';
    input: unknown;
    createdBy: number;
    leavers: ImportLeaversMode;
  }) {
    const run = await db.transaction(async (tx) => {
      const created = await createRun(tx, values);
      if (created) await jobs.send(importQueue, { runId: created.id }, { tx });
      return created;
    });
    if (!run) throw errors.conflict(e.running);
    jobs.wake(importQueue);
    return run;
  }

  // Files are large and come from outside: the nesting is checked before the parser sees them.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, importFileMaxDepth)) {
      done(errors.badRequest('IMPORT_TOO_DEEP', e.tooDeep), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  /** After the route's required right: an import is started by the person themselves. */
  async function actingAsSelf(request: FastifyRequest) {
    const auth = authOf(request);
    await assertActingAsSelf(db, auth);
    return auth;
  }

  registerEndpoints(app, importEndpoints, importSchemas, {
    source: {
      config: { requires: importsSchoolData },
      handler: async () => ({
        api: { configured: config.ss12000 !== null, baseUrl: config.ss12000?.baseUrl ?? null },
        maxFileBytes: importFileMaxBytes,
      }),
    },
    runs: {
      config: { requires: importsSchoolData },
      handler: async (request, reply) => {
        const { runs, total } = await listRuns(db, request.query.page, request.query.perPage);
        reply.headers(paginationTotal(total));
        return runs;
      },
    },
    run: {
      config: { requires: importsSchoolData },
      handler: async (request) => {
        const run = await findRun(db, request.params.id);
        if (!run) throw errors.notFound();
        return run;
      },
    },
    startFile: {
      config: { requires: importsSchoolData },
      bodyLimit: importFileMaxBytes,
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        const parsed = ss12000ImportFile.safeParse(request.body);
        if (!parsed.success) {
          // The first problems are enough to fix a file; a list of thousands helps nobody.
          throw errors.validation(
            parsed.error.issues.slice(0, 20).map((issue) => ({
              field: issue.path.join('.') || 'body',
              message: issue.message,
            })),
          );
        }
        const run = await queueRun({
          source: 'file',
          input: parsed.data,
          createdBy: auth.user.id,
          leavers: request.query.leavers,
        });
        return (await findRun(db, run.id))!;
      },
    },
    startApi: {
      config: { requires: importsSchoolData },
      handler: async (request) => {
        const auth = await actingAsSelf(request);
        if (!config.ss12000) throw errors.conflict(e.apiNotConfigured);
        const run = await queueRun({
          source: 'api',
          input: null,
          createdBy: auth.user.id,
          leavers: request.query.leavers,
        });
        return (await findRun(db, run.id))!;
      },
    },
  });
}
