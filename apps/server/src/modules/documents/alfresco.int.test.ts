import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contract,
  startContractServer,
  type ContractServer,
} from '../../../test/alfresco-contract-server';
import { buildUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

const base = '/api/document-repository/v1';
let remote: ContractServer;
let t: TestContext;
let cookie: string;
let perUser: TestContext;
let perUserCookie: string;
let perUserTeacher: TestUser;

beforeAll(async () => {
  remote = await startContractServer();
  const env = {
    DOCUMENTS_PROVIDER: 'alfresco',
    ALFRESCO_URL: remote.url,
    // Long enough for a busy machine; the slow path never answers.
    ALFRESCO_TIMEOUT_MS: '2000',
  };
  t = await createTestApp({
    demo: false,
    env: { ...env, ALFRESCO_USERNAME: 'svc', ALFRESCO_PASSWORD: 'svc-pass' },
  });
  cookie = await signIn(t.app, await buildUser(t, { role: 'role_teacher' }));
  perUser = await createTestApp({ demo: false, env });
  perUserTeacher = await buildUser(perUser, { role: 'role_teacher' });
  perUserCookie = await signIn(perUser.app, perUserTeacher);
});
afterAll(async () => {
  await t.close();
  await perUser.close();
  await remote.close();
});

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: base + url,
    payload: payload as object,
    headers: { cookie, ...headers },
  });

describe('the Alfresco provider against the recorded contract', () => {
  it('maps sites, folders and documents from the list and entry envelopes', async () => {
    const sites = await call('GET', '/site');
    expect(sites.statusCode).toBe(200);
    expect(sites.json().list.entries[0].entry).toEqual({
      id: 'ekbacken',
      guid: contract.siteGuid,
      title: 'Ekbackens skola',
      description: 'Personalens dokument',
      visibility: 'PRIVATE',
      role: 'SiteCollaborator',
    });
    const folder = (await call('GET', `/node/${contract.folderGuid}`)).json();
    expect(folder.list.source.path.elements).toEqual([{ id: contract.siteGuid, name: 'ekbacken' }]);
    const [child] = folder.list.entries;
    // Names stay text, and fields the portal does not know are dropped.
    expect(child.entry.name).toBe('<img src=x onerror=alert(1)>.pdf');
    expect(child.entry).not.toHaveProperty('properties');
    expect(child.entry.content).toMatchObject({ mimeType: 'application/pdf', sizeInBytes: 9 });
    const document = (await call('GET', `/node/${contract.fileGuid}`)).json();
    expect(document.entry.isFile).toBe(true);
  });

  it('serves content as an attachment with nosniff, whatever type the remote claims', async () => {
    const response = await call('GET', `/node/${contract.fileGuid}/content`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^attachment/);
    expect(response.body).toBe('%PDF-1.4\n');
  });

  it('creates folders, uploads, favourites and shared links through the remote', async () => {
    const folder = await call('POST', `/node/${contract.folderGuid}`, {
      nodeType: 'cm:folder',
      name: 'Utflykter',
    });
    expect(folder.statusCode).toBe(201);
    expect(folder.json().entry.name).toBe('Utflykter');
    const duplicate = await call('POST', `/node/${contract.folderGuid}`, {
      nodeType: 'cm:folder',
      name: 'Planering',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(
      (await call('POST', `/node/${contract.folderGuid}`, { nodeType: 'cm:folder', name: '../x' }))
        .statusCode,
    ).toBe(400);

    const boundary = 'contract';
    const upload = await t.app.inject({
      method: 'POST',
      url: `${base}/node/${contract.folderGuid}`,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="Protokoll.txt"\r\n\r\nProtokoll\n\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode).toBe(201);
    const sent = remote.requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith(`/nodes/${contract.folderGuid}/children`),
    );
    // The folder, the duplicate the remote refused, the upload; the bad name never left.
    expect(sent).toHaveLength(3);

    const favorite = await call('POST', '/favorite', { guid: contract.fileGuid });
    expect(favorite.statusCode).toBe(201);
    expect(favorite.json().entry.target.file.id).toBe(contract.fileGuid);
    expect((await call('GET', '/favorite')).json().list.entries).toHaveLength(1);
    expect((await call('DELETE', `/favorite/${contract.fileGuid}`)).statusCode).toBe(204);

    const link = await call('POST', '/link', { guid: contract.fileGuid });
    expect(link.statusCode).toBe(201);
    expect(link.json().entry.url).toBe(
      `${remote.url}/alfresco/api/-default-/public/alfresco/versions/1/shared-links/Dq7sV5o2RkOJ3aVxGyN0Fw/content?attachment=true`,
    );
  });

  it('turns the remote errors into Swedish messages', async () => {
    const unknown = await call('GET', '/node/00000000-0000-4000-a000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Dokumentet eller mappen finns inte i dokumentarkivet.');
    const started = Date.now();
    const slow = await call('GET', `/node/${contract.slowGuid}`);
    expect(slow.statusCode).toBe(504);
    expect(slow.json().message).toBe(
      'Dokumentarkivet svarade inte i tid. Försök igen om en stund.',
    );
    expect(Date.now() - started).toBeLessThan(6000);
    const broken = await call('GET', `/node/${contract.brokenGuid}`);
    expect(broken.statusCode).toBe(502);
    expect(broken.json().code).toBe('REMOTE_UNAVAILABLE');
  });

  it('uses a person’s own ticket from POST /token when there is no service account', async () => {
    const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      perUser.app.inject({
        method: 'POST',
        url: base + url,
        payload: payload as object,
        headers: { cookie: perUserCookie, ...headers },
      });
    const noTicket = await perUser.app.inject({
      url: `${base}/site`,
      headers: { cookie: perUserCookie },
    });
    expect(noTicket.statusCode).toBe(403);
    expect(noTicket.json()).toMatchObject({
      code: 'REPOSITORY_SIGN_IN',
      message: 'Logga in i dokumentarkivet för att se dina dokument.',
    });
    const refused = await post('/token', { userId: contract.user.id, password: 'fel' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'REPOSITORY_SIGN_IN_REFUSED',
      message: 'Fel användarnamn eller lösenord till dokumentarkivet.',
    });
    const token = await post('/token', {
      userId: contract.user.id,
      password: contract.user.password,
    });
    expect(token.statusCode).toBe(201);
    expect(token.json().entry).toEqual({ id: contract.ticket, userId: contract.user.id });

    // The ticket is kept for this portal session: the browser sends nothing more.
    const sites = await perUser.app.inject({
      url: `${base}/site`,
      headers: { cookie: perUserCookie },
    });
    expect(sites.statusCode).toBe(200);
    // An API client may bring its own; a ticket the repository does not take asks to sign in again.
    const stale = await perUser.app.inject({
      url: `${base}/site`,
      headers: { cookie: perUserCookie, 'x-document-ticket': 'TICKET_gammal' },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: 'REPOSITORY_SIGN_IN',
      message: 'Inloggningen till dokumentarkivet har gått ut. Logga in igen.',
    });
    // Another session of the same person has not signed in to the repository.
    const otherSession = await signIn(perUser.app, perUserTeacher);
    const other = await perUser.app.inject({
      url: `${base}/site`,
      headers: { cookie: otherSession },
    });
    expect(other.json().code).toBe('REPOSITORY_SIGN_IN');
  });

  it('reports a server that is down', async () => {
    const down = await createTestApp({
      env: {
        DOCUMENTS_PROVIDER: 'alfresco',
        ALFRESCO_URL: 'http://127.0.0.1:1',
        ALFRESCO_USERNAME: 'svc',
        ALFRESCO_PASSWORD: 'svc-pass',
      },
      demo: false,
    });
    try {
      const response = await down.app.inject({
        url: `${base}/site`,
        headers: {
          cookie: await signIn(down.app, await buildUser(down, { role: 'role_teacher' })),
        },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(
        'Dokumentarkivet går inte att nå just nu. Försök igen om en stund.',
      );
    } finally {
      await down.close();
    }
  });
});
