import { randomBytes } from 'node:crypto';

export type FormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; data: Buffer; contentType?: string };

/**
 * A `multipart/form-data` body as a browser sends it, built by hand so tests
 * can also send what no browser would (odd file names, cut-off bodies).
 */
export function multipartBody(parts: FormPart[], options: { truncateAt?: number } = {}) {
  const boundary = `----skolportalen${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let header = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('fileName' in part) {
      header += `; filename="${part.fileName}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${header}\r\n\r\n`, 'utf8'));
    chunks.push('data' in part ? part.data : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (options.truncateAt !== undefined) payload = payload.subarray(0, options.truncateAt);
  return {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The usual upload: a file with title, alt text and optionally a category. */
export function uploadForm(
  file: { fileName: string; data: Buffer; contentType?: string },
  fields: { title?: string; description?: string; categoryId?: string | number } = {},
) {
  const values = { title: 'Skolgården', description: 'Skolgården en solig dag', ...fields };
  const parts: FormPart[] = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value: String(value) }));
  parts.push({ name: 'file', ...file });
  return multipartBody(parts);
}
