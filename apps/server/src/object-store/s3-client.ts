import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { emptyPayloadHash, sha256Hex, signRequest, uriEncode, type Credentials } from './sigv4';

/** An S3-compatible bucket, addressed path-style (`endpoint/bucket/key`), which every such store serves. */
export interface S3Settings extends Credentials {
  endpoint: string;
  bucket: string;
  timeoutMs: number;
}

export interface S3Object {
  key: string;
  lastModified: Date;
}

export class S3Error extends Error {
  override name = 'S3Error';
  constructor(
    readonly status: number,
    readonly code: string,
    operation: string,
  ) {
    super(`S3 ${operation} answered ${status} ${code}`);
  }
}

const xmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const tag = (xml: string, name: string) =>
  xmlText(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? '');

/** The few object calls the portal's stores need, signed with Signature Version 4 over fetch. */
export function createS3Client(settings: S3Settings) {
  const base = settings.endpoint.replace(/\/+$/, '');
  const objectUrl = (key: string) =>
    new URL(`${base}/${uriEncode(settings.bucket, false)}/${uriEncode(key, true)}`);

  async function send(
    operation: string,
    method: string,
    url: URL,
    options: { body?: Buffer; headers?: Record<string, string> } = {},
  ) {
    const payloadHash = options.body ? sha256Hex(options.body) : emptyPayloadHash;
    const headers = signRequest(
      { method, url, headers: options.headers ?? {}, payloadHash },
      settings,
    );
    const response = await fetch(url, {
      method,
      headers,
      body: options.body,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok && response.status !== 404) {
      const text = await response.text().catch(() => '');
      throw new S3Error(response.status, tag(text, 'Code') || 'Unknown', operation);
    }
    return response;
  }

  return {
    async put(key: string, body: Buffer) {
      const response = await send('PutObject', 'PUT', objectUrl(key), {
        body,
        headers: { 'content-length': String(body.length) },
      });
      expectFound('PutObject')(response);
      await response.arrayBuffer();
    },

    /** The object's bytes as a stream, or null when there is none. */
    async get(key: string): Promise<{ stream: Readable; size: number } | null> {
      const response = await send('GetObject', 'GET', objectUrl(key));
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      return {
        stream: Readable.fromWeb(response.body! as WebReadableStream),
        size: Number(response.headers.get('content-length') ?? 0),
      };
    },

    async copy(from: string, to: string) {
      const response = await send('CopyObject', 'PUT', objectUrl(to), {
        headers: {
          'x-amz-copy-source': `/${uriEncode(settings.bucket, false)}/${uriEncode(from, true)}`,
        },
      });
      expectFound('CopyObject')(response);
      // A copy can fail after the 200 has been sent: the error is then in the body.
      const text = await response.text();
      if (text.includes('<Error>')) throw new S3Error(200, tag(text, 'Code'), 'CopyObject');
    },

    /** Deleting what is not there is no error (S3 answers 204 either way). */
    async remove(key: string) {
      const response = await send('DeleteObject', 'DELETE', objectUrl(key));
      await response.arrayBuffer();
    },

    /** Every object under `prefix`; with `direct`, not those in deeper "folders". */
    async list(prefix: string, direct = false): Promise<S3Object[]> {
      const objects: S3Object[] = [];
      let token: string | undefined;
      do {
        const url = new URL(`${base}/${uriEncode(settings.bucket, false)}`);
        url.searchParams.set('list-type', '2');
        url.searchParams.set('prefix', prefix);
        if (direct) url.searchParams.set('delimiter', '/');
        if (token) url.searchParams.set('continuation-token', token);
        const response = await send('ListObjectsV2', 'GET', url);
        expectFound('ListObjectsV2')(response);
        const xml = await response.text();
        for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          objects.push({
            key: tag(contents!, 'Key'),
            lastModified: new Date(tag(contents!, 'LastModified')),
          });
        }
        token = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
      } while (token);
      return objects;
    },
  };
}

export type S3Client = ReturnType<typeof createS3Client>;

function expectFound(operation: string) {
  return (response: Response) => {
    if (response.status === 404) throw new S3Error(404, 'NoSuchBucket', operation);
    return response;
  };
}
