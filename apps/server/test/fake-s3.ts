import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signRequest } from '../src/object-store/sigv4';

/**
 * A small S3-compatible server for tests: one bucket in memory, path-style
 * addressing, PutObject (and CopyObject), GetObject, DeleteObject and
 * ListObjectsV2 with paging. It refuses a request whose Signature Version 4
 * does not match, as a real store does.
 */
export async function startFakeS3(options: { bucket?: string; pageSize?: number } = {}) {
  const bucket = options.bucket ?? 'skolportalen';
  const pageSize = options.pageSize ?? 1000;
  const credentials = {
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    region: 'eu-north-1',
  };
  const objects = new Map<string, { data: Buffer; lastModified: Date }>();
  const requests: string[] = [];

  const body = (request: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks)));
      request.on('error', reject);
    });

  const error = (code: string) => `<?xml version="1.0"?><Error><Code>${code}</Code></Error>`;

  const server = createServer((request, response) => {
    void (async () => {
      const data = await body(request);
      const url = new URL(request.url!, `http://${request.headers.host}`);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      const signed = Object.fromEntries(
        (/SignedHeaders=([^,]+)/.exec(request.headers.authorization ?? '')?.[1] ?? '')
          .split(';')
          .filter((name) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
          .map((name) => [name, String(request.headers[name] ?? '')]),
      );
      const expected = signRequest(
        { method: request.method!, url, headers: signed, payloadHash: sha256Hex(data) },
        credentials,
        new Date(
          String(request.headers['x-amz-date']).replace(
            /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
            '$1-$2-$3T$4:$5:$6Z',
          ),
        ),
      );
      if (expected.authorization !== request.headers.authorization) {
        response.writeHead(403).end(error('SignatureDoesNotMatch'));
        return;
      }
      const [, bucketName, ...rest] = url.pathname.split('/');
      if (bucketName !== bucket) {
        response.writeHead(404).end(error('NoSuchBucket'));
        return;
      }
      const key = decodeURIComponent(rest.join('/'));
      if (request.method === 'GET' && !key) {
        const prefix = url.searchParams.get('prefix') ?? '';
        const delimiter = url.searchParams.get('delimiter');
        const start = Number(url.searchParams.get('continuation-token') ?? 0);
        const keys = [...objects.keys()]
          .filter((name) => name.startsWith(prefix))
          .filter((name) => !delimiter || !name.slice(prefix.length).includes(delimiter))
          .sort();
        const page = keys.slice(start, start + pageSize);
        const truncated = start + pageSize < keys.length;
        response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0"?><ListBucketResult><IsTruncated>${truncated}</IsTruncated>${
              truncated ? `<NextContinuationToken>${start + pageSize}</NextContinuationToken>` : ''
            }${page
              .map(
                (name) =>
                  `<Contents><Key>${name}</Key><LastModified>${objects.get(name)!.lastModified.toISOString()}</LastModified></Contents>`,
              )
              .join('')}</ListBucketResult>`,
          );
        return;
      }
      if (request.method === 'PUT') {
        const source = request.headers['x-amz-copy-source'];
        if (typeof source === 'string') {
          const from = objects.get(decodeURIComponent(source.replace(`/${bucket}/`, '')));
          if (!from) {
            response.writeHead(404).end(error('NoSuchKey'));
            return;
          }
          objects.set(key, { data: from.data, lastModified: new Date() });
          response.writeHead(200).end('<CopyObjectResult></CopyObjectResult>');
          return;
        }
        objects.set(key, { data, lastModified: new Date() });
        response.writeHead(200).end();
        return;
      }
      if (request.method === 'GET') {
        const found = objects.get(key);
        if (!found) response.writeHead(404).end(error('NoSuchKey'));
        else response.writeHead(200, { 'content-length': found.data.length }).end(found.data);
        return;
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
        return;
      }
      response.writeHead(405).end(error('MethodNotAllowed'));
    })().catch(() => response.writeHead(500).end(error('InternalError')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const settings = {
    ...credentials,
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    timeoutMs: 5_000,
  };
  return {
    settings,
    /** The portal's configuration for this bucket. */
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
