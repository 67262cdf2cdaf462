import {
  errorBody,
  idParams,
  importFileMaxBytes,
  importFileMaxDepth,
  importRunListQuery,
  importRunResponse,
  importSourceResponse,
  importStartQuery,
  type ImportLeaversMode,
  ss12000ImportFile,
  sv,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { administers } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { importQueue, registerImportJobs } from './import-jobs';
import { createRun, findRun, listRuns } from './import-runs.repo';
import { jsonDepthExceeds } from './json-depth';

const answers = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
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

  const r = app.withTypeProvider<ZodTypeProvider>();
  /** After the route's required right: an import is started by the person themselves. */
  async function actingAsSelf(request: FastifyRequest) {
    const auth = authOf(request);
    await assertActingAsSelf(db, auth);
    return auth;
  }

  r.get(
    '/ss12000-import/source',
    {
      config: { requires: importsSchoolData },
      schema: {
        tags: ['import'],
        summary: 'Varifrån importen kan läsa: fil, och skolregistrets API om det är inställt',
        response: { 200: importSourceResponse, ...answers },
      },
    },
    async () => {
      return {
        api: { configured: config.ss12000 !== null, baseUrl: config.ss12000?.baseUrl ?? null },
        maxFileBytes: importFileMaxBytes,
      };
    },
  );

  r.get(
    '/ss12000-import',
    {
      config: { requires: importsSchoolData },
      schema: {
        tags: ['import'],
        summary: 'Importens körningar, nyaste först',
        querystring: importRunListQuery,
        response: { 200: z.array(importRunResponse), ...answers },
      },
    },
    async (request, reply) => {
      const { runs, total } = await listRuns(db, request.query.page, request.query.perPage);
      reply.headers(paginationTotal(total));
      return runs;
    },
  );

  r.get(
    '/ss12000-import/:id',
    {
      config: { requires: importsSchoolData },
      schema: {
        tags: ['import'],
        summary: 'En körning med förlopp och rapport',
        params: idParams,
        response: { 200: importRunResponse, ...answers },
      },
    },
    async (request) => {
      const run = await findRun(db, request.params.id);
      if (!run) throw errors.notFound();
      return run;
    },
  );

  r.post(
    '/ss12000-import/file',
    {
      config: { requires: importsSchoolData },
      bodyLimit: importFileMaxBytes,
      schema: {
        tags: ['import'],
        summary:
          'Importera en SS 12000-fil (JSON med organisations, groups, persons, duties); körs i bakgrunden',
        querystring: importStartQuery,
        response: { 202: importRunResponse, ...answers, 413: errorBody },
      },
    },
    async (request, reply) => {
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
      return reply.status(202).send((await findRun(db, run.id))!);
    },
  );

  r.post(
    '/ss12000-import/api',
    {
      config: { requires: importsSchoolData },
      schema: {
        tags: ['import'],
        summary: 'Hämta från skolregistrets SS 12000-API och importera; körs i bakgrunden',
        querystring: importStartQuery,
        response: { 202: importRunResponse, ...answers },
      },
    },
    async (request, reply) => {
      const auth = await actingAsSelf(request);
      if (!config.ss12000) throw errors.conflict(e.apiNotConfigured);
      const run = await queueRun({
        source: 'api',
        input: null,
        createdBy: auth.user.id,
        leavers: request.query.leavers,
      });
      return reply.status(202).send((await findRun(db, run.id))!);
    },
  );
}
