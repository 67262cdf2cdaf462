import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A recorded-contract stand-in for Alfresco Content Services: the paths, JSON envelopes
 * and error bodies of its public REST API v1 as published, for the cases the portal uses —
 * including a slow answer (timeout), a 5xx, a refused login and an unknown node.
 */
export const contract = {
  ticket: 'TICKET_0f3c1e0d2a9b4c8d',
  user: { id: 'anna.larsson', password: 'hemligt' },
  siteGuid: 'b4cff62a-664d-4d45-9302-98723eac1319',
  folderGuid: '8f2105b4-daaf-4874-9e8a-2152569d109b',
  fileGuid: '1a0b110f-1e09-4ca2-b367-fe25e4964a4e',
  slowGuid: 'aaaaaaaa-0000-4000-a000-00000000dead',
  brokenGuid: 'bbbbbbbb-0000-4000-a000-0000000000ff',
};

const user = { id: 'eva.andersson', displayName: 'Eva Andersson' };
const stamp = '2026-08-17T08:15:00.000+0000';
const folder = {
  id: contract.folderGuid,
  name: 'Planering',
  nodeType: 'cm:folder',
  isFolder: true,
  isFile: false,
  parentId: contract.siteGuid,
  createdAt: stamp,
  modifiedAt: stamp,
  createdByUser: user,
  modifiedByUser: user,
  allowableOperations: ['create', 'update', 'delete'],
  isFavorite: false,
  path: {
    name: '/Company Home/Sites/ekbacken',
    isComplete: true,
    elements: [{ id: contract.siteGuid, name: 'ekbacken' }],
  },
};
const file = {
  ...folder,
  id: contract.fileGuid,
  name: '<img src=x onerror=alert(1)>.pdf',
  nodeType: 'cm:content',
  isFolder: false,
  isFile: true,
  parentId: contract.folderGuid,
  content: {
    mimeType: 'application/pdf',
    mimeTypeName: 'Adobe PDF Document',
    sizeInBytes: 9,
    encoding: 'UTF-8',
  },
  allowableOperations: ['update', 'delete'],
  // Properties the portal does not use must not pass through.
  properties: { 'cm:title': '<script>alert(1)</script>' },
};

function pagination(count: number, total: number) {
  return { count, hasMoreItems: false, totalItems: total, skipCount: 0, maxItems: 100 };
}
/** Alfresco's error body. */
function failure(res: ServerResponse, status: number, briefSummary: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      error: {
        errorKey: 'framework.exception.ApiDefault',
        statusCode: status,
        briefSummary,
        stackTrace: 'For security reasons the stack trace is no longer displayed',
        descriptionURL: 'https://api-explorer.alfresco.com',
      },
    }),
  );
}
function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
async function bodyOf(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface ContractServer {
  url: string;
  requests: { method: string; path: string; authorization?: string }[];
  close(): Promise<void>;
}

export async function startContractServer(): Promise<ContractServer> {
  const requests: ContractServer['requests'] = [];
  const api = '/alfresco/api/-default-/public/alfresco/versions/1';
  const auth = '/alfresco/api/-default-/public/authentication/versions/1';
  const valid = new Set([
    `Basic ${Buffer.from(contract.ticket).toString('base64')}`,
    `Basic ${Buffer.from('svc:svc-pass').toString('base64')}`,
  ]);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://contract');
      const path = url.pathname;
      requests.push({
        method: req.method ?? 'GET',
        path,
        authorization: req.headers.authorization,
      });
      const body = await bodyOf(req);
      if (path === `${auth}/tickets` && req.method === 'POST') {
        const credentials = JSON.parse(body.toString() || '{}') as {
          userId?: string;
          password?: string;
        };
        if (
          credentials.userId === contract.user.id &&
          credentials.password === contract.user.password
        )
          return send(res, 201, { entry: { id: contract.ticket, userId: contract.user.id } });
        return failure(res, 403, '05150001 Login failed');
      }
      if (!path.startsWith(api)) return failure(res, 404, 'Unknown path');
      if (!valid.has(req.headers.authorization ?? ''))
        return failure(res, 401, 'Authentication failed');
      const rest = path.slice(api.length);
      if (rest.includes(contract.slowGuid)) return; // never answers: the portal's timeout ends it
      if (rest.includes(contract.brokenGuid)) return failure(res, 500, 'Internal server error');
      if (rest === '/sites')
        return send(res, 200, {
          list: {
            pagination: pagination(1, 1),
            entries: [
              {
                entry: {
                  id: 'ekbacken',
                  guid: contract.siteGuid,
                  title: 'Ekbackens skola',
                  description: 'Personalens dokument',
                  visibility: 'PRIVATE',
                  role: 'SiteContributor',
                  preset: 'site-dashboard',
                },
              },
            ],
          },
        });
      if (rest === `/nodes/${contract.folderGuid}`) return send(res, 200, { entry: folder });
      if (rest === `/nodes/${contract.fileGuid}`) return send(res, 200, { entry: file });
      if (rest === `/nodes/${contract.fileGuid}/content`) {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': '9' });
        return res.end('%PDF-1.4\n');
      }
      if (rest === `/nodes/${contract.folderGuid}/children` && req.method === 'GET')
        return send(res, 200, {
          list: { pagination: pagination(1, 1), entries: [{ entry: file }] },
        });
      if (rest === `/nodes/${contract.folderGuid}/children` && req.method === 'POST') {
        if (req.headers['content-type']?.startsWith('application/json')) {
          const { name } = JSON.parse(body.toString()) as { name: string };
          if (name === 'Planering')
            return failure(res, 409, 'Duplicate child name not allowed: Planering');
          return send(res, 201, {
            entry: {
              ...folder,
              id: '5e1f2c3d-0000-4000-a000-000000000001',
              name,
              parentId: contract.folderGuid,
            },
          });
        }
        return send(res, 201, {
          entry: {
            ...file,
            id: '5e1f2c3d-0000-4000-a000-000000000002',
            name: 'Protokoll.txt',
            content: { mimeType: 'text/plain', sizeInBytes: body.length },
          },
        });
      }
      if (rest === '/people/-me-/favorites' && req.method === 'GET')
        return send(res, 200, {
          list: {
            pagination: pagination(1, 1),
            entries: [
              { entry: { targetGuid: contract.fileGuid, createdAt: stamp, target: { file } } },
            ],
          },
        });
      if (rest === '/people/-me-/favorites' && req.method === 'POST') {
        const request = JSON.parse(body.toString()) as { target: Record<string, { guid: string }> };
        const [kind] = Object.keys(request.target);
        return send(res, 201, {
          entry: {
            targetGuid: request.target[kind!]!.guid,
            createdAt: stamp,
            target: { [kind!]: kind === 'folder' ? folder : file },
          },
        });
      }
      if (rest === `/people/-me-/favorites/${contract.fileGuid}` && req.method === 'DELETE') {
        res.writeHead(204);
        return res.end();
      }
      if (rest === '/shared-links' && req.method === 'POST')
        return send(res, 201, {
          entry: {
            id: 'Dq7sV5o2RkOJ3aVxGyN0Fw',
            nodeId: contract.fileGuid,
            name: file.name,
            content: file.content,
            modifiedAt: stamp,
            modifiedByUser: user,
          },
        });
      return failure(res, 404, `The entity with id: ${rest} was not found`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
