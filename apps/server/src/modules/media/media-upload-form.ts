import {
  format,
  limits,
  mediaUploadFields,
  sv,
  type MediaUploadFields,
} from '@skolportalen/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '../../http/errors';
import { assertStorableText } from '../../http/text-guard';
import type { UploadedFile } from './media-processing';

const allowedFields = new Set(['title', 'description', 'alt', 'categoryId']);

/** Limits handed to the multipart parser: one file, a few short fields, nothing else. */
export const uploadLimits = {
  fileSize: limits.fileMaxMegabytes * 1024 * 1024,
  files: 1,
  fields: allowedFields.size,
  parts: allowedFields.size + 1,
  fieldNameSize: 32,
  fieldSize: 4 * 1024,
  headerPairs: 50,
};

/**
 * Busboy would cut `../x.png` down to `x.png`; the raw name is kept so such
 * names are refused. Browsers send file names as UTF-8 (Skolgård.png).
 */
export const uploadParserOptions = {
  limits: uploadLimits,
  preservePath: true,
  defParamCharset: 'utf8',
};

const tooManyParts = () => errors.badRequest('UPLOAD_FORM_INVALID', sv.media.tooManyParts);

/** The multipart parser's own errors, in Swedish with the library's wording. */
function translateParserError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return errors.invalidFile(
        'FILE_TOO_LARGE',
        format(sv.media.fileTooLarge, { size: limits.fileMaxMegabytes }),
        413,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return tooManyParts();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', sv.media.notMultipart);
    default:
      // Busboy's errors (cut-off body, broken part headers) mean the upload did not arrive whole.
      return errors.badRequest('UPLOAD_INCOMPLETE', sv.media.uploadAborted);
  }
}

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const seen = new Set<string>();
  return issues.flatMap((issue) => {
    const field = issue.path.map(String).join('.') || 'form';
    if (seen.has(field)) return [];
    seen.add(field);
    return [{ field, message: issue.message }];
  });
}

/**
 * Reads a `multipart/form-data` upload: the file (field `file`) into memory —
 * it is at most 10 MB — and the text fields, checked with the shared schema.
 * `alt` is accepted as another name for `description`.
 */
export async function readUploadForm(
  request: FastifyRequest,
): Promise<{ fields: MediaUploadFields; file: UploadedFile }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', sv.media.notMultipart);
  }
  const values: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts(uploadParserOptions)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw tooManyParts();
        const data = await part.toBuffer();
        // A form submitted without choosing a file sends an empty, nameless part.
        if (part.filename === '' && data.length === 0) continue;
        file = { fileName: part.filename, data };
      } else {
        const name = part.fieldname === 'alt' ? 'description' : part.fieldname;
        if (!allowedFields.has(part.fieldname) || name in values) throw tooManyParts();
        values[name] = String(part.value);
      }
    }
  } catch (error) {
    throw translateParserError(error);
  }

  assertStorableText({ ...values, ...(file ? { file: file.fileName } : {}) });
  const parsed = mediaUploadFields.safeParse(values);
  const problems = parsed.success ? [] : fieldErrors(parsed.error.issues);
  if (!file) problems.push({ field: 'file', message: sv.media.fileMissing });
  if (problems.length > 0 || !parsed.success || !file) throw errors.validation(problems);
  return { fields: parsed.data, file };
}
