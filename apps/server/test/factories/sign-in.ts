import type { FastifyInstance, InjectOptions } from 'fastify';
import { issueToken } from '../../src/identity/token.repo';
import { signInAs, type TestContext } from '../harness';
import type { TestUser } from './users';

/**
 * Signs a factory-made account in through the real endpoint and returns the
 * Cookie header later requests carry (the harness marks them same-origin).
 */
export function signIn(app: FastifyInstance, user: Pick<TestUser, 'username' | 'password'>) {
  return signInAs(app, user.username, user.password);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Requests as `user` with an API key of its own: no sign-in round trip, no
 * session, for the factories' writes made through the API.
 */
export async function bearerClientOf(t: Pick<TestContext, 'app' | 'db'>, user: TestUser) {
  const { secret } = await issueToken(t.db, { userId: user.id, type: 'api' });
  return (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, authorization: `Bearer ${secret}` },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}
