import { createHash, createHmac, type BinaryLike } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * A small S3-compatible server for tests: one bucket in memory, path-style
 * addressing, PutObject (and CopyObject), GetObject, DeleteObject and
 * ListObjectsV2 with paging. It refuses a request whose Signature Version 4
 * does not match (another key, another secret, a body other than the one
 * signed), as a real store does, and an aws-chunked upload, which the
 * portal's client is configured never to send.
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

  const signer = new SignatureV4({
    service: 's3',
    region: credentials.region,
    credentials,
    sha256: NodeSha256,
    // S3 signs the path as sent, not encoded a second time.
    uriEscapePath: false,
  });

  /** Why the store refuses the request's signature, or null when it is the configured key's. */
  async function signatureProblem(request: IncomingMessage, data: Buffer) {
    const authorization = request.headers.authorization ?? '';
    const accessKeyId = /Credential=([^/]+)\//.exec(authorization)?.[1];
    if (accessKeyId !== credentials.accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' };
    if (String(request.headers['content-encoding'] ?? '').includes('aws-chunked'))
      return { status: 501, code: 'NotImplemented' };
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(data))
      return { status: 400, code: 'XAmzContentSHA256Mismatch' };
    // Signed again here with the secret, from what arrived: the headers it names, the path as sent.
    const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const [path, search = ''] = request.url!.split('?') as [string, string?];
    const query: Record<string, string> = Object.fromEntries(new URLSearchParams(search));
    const headers = Object.fromEntries(
      signedNames.map((name) => [name, String(request.headers[name] ?? '')]),
    );
    const stamp = String(request.headers['x-amz-date']);
    const signingDate = new Date(
      stamp.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    const expected = await signer.sign(
      { method: request.method!, protocol: 'http:', hostname: '127.0.0.1', path, query, headers },
      { signingDate },
    );
    return expected.headers.authorization === authorization
      ? null
      : { status: 403, code: 'SignatureDoesNotMatch' };
  }

  const server = createServer((request, response) => {
    void (async () => {
      const data = await body(request);
      const url = new URL(request.url!, `http://${request.headers.host}`);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      const refusal = await signatureProblem(request, data);
      if (refusal) {
        response.writeHead(refusal.status).end(error(refusal.code));
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
          // `bucket/key`, URL-encoded; S3 takes it with or without a leading slash.
          const [, sourceBucket, ...sourceKey] = source.replace(/^\/?/, '/').split('/');
          const from =
            sourceBucket === bucket
              ? objects.get(decodeURIComponent(sourceKey.join('/')))
              : undefined;
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

const sha256Hex = (data: BinaryLike) => createHash('sha256').update(data).digest('hex');

/** What the signer hands to its hash: text, or bytes in any of their views. */
type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): BinaryLike =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SHA-256, or HMAC-SHA256 with a key, in the shape the signer takes. */
class NodeSha256 {
  private readonly hash;
  constructor(key?: SourceData) {
    this.hash = key === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(key));
  }
  update(data: SourceData) {
    this.hash.update(bytesOf(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}
