import { sv } from '@skolportalen/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { authorize, can, canFlags, registerRouteRules, rule, type Rule } from './authorize';

interface Reader {
  id: number;
  admin: boolean;
}

const readsOwn = rule<{ ownerId: number }, Reader>((actor, note) => actor.id === note.ownerId, {
  message: 'Bara din egen anteckning.',
  code: 'NOT_YOURS',
});
const isAdmin = rule<void, Reader>((actor) => actor.admin);
const deletes = rule<{ locked: boolean }, Reader>(
  (actor, note) => actor.admin && !note.locked,
  (_actor, note) => (note.locked ? { message: 'Anteckningen är låst.' } : undefined),
);

const pupil: Reader = { id: 7, admin: false };
const admin: Reader = { id: 1, admin: true };

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('authorize', () => {
  it('goes on when the rule allows and refuses with 403 and the rule’s message otherwise', () => {
    expect(() => authorize(pupil, readsOwn, { ownerId: 7 })).not.toThrow();
    const refused = refusal(() => authorize(pupil, readsOwn, { ownerId: 8 }));
    expect(refused).toMatchObject({
      statusCode: 403,
      code: 'NOT_YOURS',
      message: 'Bara din egen anteckning.',
    });
  });

  it('refuses with the generic message when the rule names none', () => {
    const refused = refusal(() => authorize(pupil, isAdmin));
    expect(refused).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: sv.errors.forbidden,
    });
  });

  it('lets the refusal depend on the subject', () => {
    expect(refusal(() => authorize(admin, deletes, { locked: true })).message).toBe(
      'Anteckningen är låst.',
    );
    expect(refusal(() => authorize(pupil, deletes, { locked: false })).message).toBe(
      sv.errors.forbidden,
    );
  });

  it('answers can and the can flags from the same rules', () => {
    expect(can(admin, isAdmin)).toBe(true);
    expect(can(pupil, readsOwn, { ownerId: 8 })).toBe(false);
    expect(canFlags(admin, { remove: deletes }, { locked: false })).toEqual({ remove: true });
    expect(canFlags(pupil, { remove: deletes }, { locked: false })).toEqual({ remove: false });
  });
});

describe('registerRouteRules', () => {
  async function appWith(user: Reader) {
    const app = Fastify();
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      (request as unknown as { auth: unknown }).auth = { user };
    });
    app.setErrorHandler((error, _request, reply) => {
      const status = error instanceof AppError ? error.statusCode : 500;
      return reply.status(status).send({ code: (error as AppError).code });
    });
    registerRouteRules(app);
    // Routes' rules ask about the signed-in account; this stand-in reader plays it.
    const adminOnly = isAdmin as unknown as Rule;
    app.get('/admin', { config: { requires: adminOnly } }, async () => ({ ok: true }));
    app.get('/open', async () => ({ ok: true }));
    return app;
  }

  it('checks the rule a route declares before its handler', async () => {
    const asPupil = await appWith(pupil);
    expect((await asPupil.inject('/admin')).statusCode).toBe(403);
    expect((await asPupil.inject('/open')).statusCode).toBe(200);
    const asAdmin = await appWith(admin);
    expect((await asAdmin.inject('/admin')).json()).toEqual({ ok: true });
  });
});
