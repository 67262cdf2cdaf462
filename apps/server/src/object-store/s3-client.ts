import type { Readable } from 'node:stream';
import type * as Sdk from '@aws-sdk/client-s3';

/** An S3-compatible bucket, addressed path-style (`endpoint/bucket/key`), which every such store serves. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Longest wait for the store's answer to one call. */
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
    options?: ErrorOptions,
  ) {
    super(`S3 ${operation} answered ${status} ${code}`, options);
  }
}

/** The store's own refusals carry its HTTP status; a network failure or timeout does not. */
function statusOf(error: unknown): number | undefined {
  return (error as Partial<Sdk.S3ServiceException> | null)?.$metadata?.httpStatusCode;
}

function asS3Error(error: unknown, operation: string): unknown {
  const status = statusOf(error);
  if (status === undefined) return error;
  return new S3Error(status, (error as Error).name || 'Unknown', operation, { cause: error });
}

/**
 * The AWS SDK, loaded on the first call: a portal that keeps its files on
 * disk never loads it (decision 0035).
 */
async function connect(settings: S3Settings) {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // MinIO, Ceph and most providers' stores serve buckets under the endpoint's path, not as subdomains.
    forcePathStyle: true,
    // Since 3.729 the SDK adds a CRC checksum to every upload (aws-chunked, for a stream) and
    // asks for one on downloads; S3-compatible stores that do not know those headers refuse the
    // request (Cloudflare R2: 501 NotImplemented). Only calls the S3 API says need one carry it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A body streamed to the portal stops with an error when the store falls silent mid-way.
    requestHandler: { socketTimeout: settings.timeoutMs },
  });
  return { sdk, client };
}

/** The few object calls the portal's stores need, on the AWS SDK's S3 client. */
export function createS3Client(settings: S3Settings) {
  let connection: ReturnType<typeof connect> | undefined;
  const bucket = settings.bucket;

  /**
   * Runs one call; the store's refusals become S3Errors naming the call. The
   * call, the SDK's retries included, waits at most `timeoutMs` for the
   * store's answer; a body then streamed to a reader is not cut short.
   */
  async function call<T>(
    operation: string,
    run: (
      sdk: typeof Sdk,
      client: Sdk.S3Client,
      options: { abortSignal: AbortSignal },
    ) => Promise<T>,
  ): Promise<T> {
    connection ??= connect(settings);
    const { sdk, client } = await connection;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
    try {
      return await run(sdk, client, { abortSignal: deadline.signal });
    } catch (error) {
      if (deadline.signal.aborted)
        throw new Error(`S3 ${operation} got no answer within ${settings.timeoutMs} ms`, {
          cause: error,
        });
      throw asS3Error(error, operation);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async put(key: string, body: Buffer) {
      await call('PutObject', (sdk, client, options) =>
        client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body }), options),
      );
    },

    /** The object's bytes as a stream, or null when there is none. */
    async get(key: string): Promise<{ stream: Readable; size: number } | null> {
      try {
        const object = await call('GetObject', (sdk, client, options) =>
          client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }), options),
        );
        // In Node the body is the response's IncomingMessage.
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof S3Error && error.status === 404) return null;
        throw error;
      }
    },

    /** A copy that fails after S3 has sent its 200 is an error too (the SDK reads the body). */
    async copy(from: string, to: string) {
      await call('CopyObject', (sdk, client, options) =>
        client.send(
          new sdk.CopyObjectCommand({
            Bucket: bucket,
            Key: to,
            CopySource: `${bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}`,
          }),
          options,
        ),
      );
    },

    /** Deleting what is not there is no error (S3 answers 204 either way). */
    async remove(key: string) {
      try {
        await call('DeleteObject', (sdk, client, options) =>
          client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }), options),
        );
      } catch (error) {
        if (!(error instanceof S3Error && error.status === 404)) throw error;
      }
    },

    /** Every object under `prefix`; with `direct`, not those in deeper "folders". */
    async list(prefix: string, direct = false): Promise<S3Object[]> {
      const objects: S3Object[] = [];
      let token: string | undefined;
      do {
        const page = await call('ListObjectsV2', (sdk, client, options) =>
          client.send(
            new sdk.ListObjectsV2Command({
              Bucket: bucket,
              Prefix: prefix,
              Delimiter: direct ? '/' : undefined,
              ContinuationToken: token,
            }),
            options,
          ),
        );
        for (const object of page.Contents ?? []) {
          objects.push({ key: object.Key!, lastModified: object.LastModified! });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
  };
}

export type S3Client = ReturnType<typeof createS3Client>;
