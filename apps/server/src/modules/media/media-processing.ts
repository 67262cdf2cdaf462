import { createHash, randomBytes } from 'node:crypto';
import {
  checkImageDimensions,
  fileSizeMessage,
  fileTypeFromName,
  format,
  isAcceptableFileName,
  limits,
  maxFileNameLength,
  sv,
  type MediaFileType,
} from '@skolportalen/shared';
import type { Metadata, Sharp } from 'sharp';
import type sharpFunction from 'sharp';
import type { StoredRendition } from '../../db/schema';
import { errors } from '../../http/errors';
import { isTaggedPdf } from './pdf-tags';

export interface UploadedFile {
  /** The name the client gave; only checked and kept for display. */
  fileName: string;
  data: Buffer;
}

export interface ProcessedFile {
  name: string;
  data: Buffer;
}

export interface ProcessedMedia {
  fileType: MediaFileType;
  original: ProcessedFile;
  width: number | null;
  height: number | null;
  renditions: { thumb: StoredRendition; card: StoredRendition } | null;
  /** A PDF: whether it is tagged (pdf-tags.ts); null for an image. */
  pdfTagged: boolean | null;
  /** Every file to store: the original and its renditions. */
  files: ProcessedFile[];
}

const signatures: [MediaFileType, Buffer][] = [
  ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['gif', Buffer.from('GIF87a')],
  ['gif', Buffer.from('GIF89a')],
  ['jpeg', Buffer.from([0xff, 0xd8, 0xff])],
  ['pdf', Buffer.from('%PDF-')],
];

/** Magic numbers: the format is read from the bytes, never from the name or declared type. */
export function sniffFileType(data: Buffer): MediaFileType | null {
  const match = signatures.find(([, signature]) =>
    data.subarray(0, signature.length).equals(signature),
  );
  return match ? match[0] : null;
}

const storedExtension: Record<MediaFileType, string> = {
  png: 'png',
  gif: 'gif',
  jpeg: 'jpg',
  pdf: 'pdf',
};

const corrupt = () => errors.invalidFile('FILE_CORRUPT', sv.media.corruptFile);

/**
 * Content-hashed, plus a random part so two uploads of the same bytes never
 * share a file (deleting one must not break the other). Never reused, so the
 * served file can be cached for ever.
 */
function storedBaseName(data: Buffer): string {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 20);
  return `${hash}-${randomBytes(4).toString('hex')}`;
}

/** A PDF ends with `%%EOF` (possibly followed by a line break); a cut-off upload does not. */
function looksComplete(pdf: Buffer): boolean {
  return pdf.subarray(Math.max(0, pdf.length - 1024)).includes('%%EOF');
}

function carriesMetadata(metadata: Metadata): boolean {
  return Boolean(
    metadata.exif ||
    metadata.xmp ||
    metadata.iptc ||
    metadata.tifftagPhotoshop ||
    metadata.comments?.length ||
    (metadata.orientation && metadata.orientation !== 1),
  );
}

/** sharp (libvips) is loaded with the first upload, not at every start. */
let sharpLoaded: Promise<typeof sharpFunction> | undefined;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((module) => module.default));

const decodeOptions = {
  // Dimensions are checked first, so anything larger than the library allows is refused unread.
  limitInputPixels: limits.imageMaxWidth * limits.imageMaxHeight,
  failOn: 'truncated',
} as const;

/** Re-encodes without EXIF (GPS!), XMP, IPTC or comments; the colour profile stays. */
async function withoutMetadata(
  data: Buffer,
  type: Exclude<MediaFileType, 'pdf'>,
  metadata: Metadata,
) {
  const sharp = await loadSharp();
  const image = sharp(data, { ...decodeOptions, animated: type === 'gif' })
    .autoOrient()
    .keepIccProfile();
  // mozjpeg would save a little space at some twenty times the time of an upload.
  if (type === 'jpeg') return image.jpeg({ quality: 90 }).toBuffer();
  if (type === 'png') return image.png({ palette: metadata.isPalette === true }).toBuffer();
  return image.gif().toBuffer();
}

async function rendition(image: Sharp, box: number, name: string, quality: number) {
  const { data, info } = await image
    .clone()
    .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return {
    file: { name, data },
    stored: { filename: name, width: info.width, height: info.height },
  };
}

async function processImage(
  upload: UploadedFile,
  type: Exclude<MediaFileType, 'pdf'>,
): Promise<ProcessedMedia> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reads the header only, so a too-large image is told apart from a broken one.
    metadata = await sharp(upload.data).metadata();
  } catch {
    throw corrupt();
  }
  if (metadata.format !== type) throw corrupt();
  const { width, height } = metadata.autoOrient;
  const problem = checkImageDimensions(width, height);
  if (problem) {
    const code = {
      tooLarge: 'IMAGE_TOO_LARGE',
      tooSmall: 'IMAGE_TOO_SMALL',
      aspectRatio: 'IMAGE_ASPECT_RATIO',
    }[problem.failure];
    throw errors.invalidFile(code, problem.message);
  }

  const base = storedBaseName(upload.data);
  try {
    // Decoding every pixel for the renditions also proves the file is whole.
    const decoded = sharp(upload.data, decodeOptions).autoOrient();
    const [thumb, card] = await Promise.all([
      rendition(decoded, 320, `${base}-thumb.webp`, 78),
      rendition(decoded, 960, `${base}-card.webp`, 82),
    ]);
    const originalData = carriesMetadata(metadata)
      ? await withoutMetadata(upload.data, type, metadata)
      : upload.data;
    const original = { name: `${base}.${storedExtension[type]}`, data: originalData };
    return {
      fileType: type,
      original,
      width,
      height,
      renditions: { thumb: thumb.stored, card: card.stored },
      pdfTagged: null,
      files: [original, thumb.file, card.file],
    };
  } catch {
    throw corrupt();
  }
}

/**
 * Checks an uploaded file against the library's rules and prepares what is
 * stored. Throws a 4xx AppError with the spec's Swedish message on any problem.
 */
export async function processUpload(upload: UploadedFile): Promise<ProcessedMedia> {
  if (!isAcceptableFileName(upload.fileName)) {
    throw errors.invalidFile(
      'FILE_NAME_INVALID',
      format(sv.media.invalidFileName, { n: maxFileNameLength }),
    );
  }
  const tooLarge = fileSizeMessage(upload.data.length);
  if (tooLarge) throw errors.invalidFile('FILE_TOO_LARGE', tooLarge, 413);
  if (upload.data.length === 0) throw corrupt();

  const type = sniffFileType(upload.data);
  if (!type) throw errors.invalidFile('FILE_TYPE_UNSUPPORTED', sv.media.unsupportedType, 415);
  if (fileTypeFromName(upload.fileName) !== type) {
    throw errors.invalidFile(
      'FILE_NAME_MISMATCH',
      format(sv.media.extensionMismatch, {
        name: upload.fileName,
        format: sv.media.fileTypes[type],
      }),
    );
  }

  if (type === 'pdf') {
    if (!looksComplete(upload.data)) throw corrupt();
    const original = {
      name: `${storedBaseName(upload.data)}.${storedExtension.pdf}`,
      data: upload.data,
    };
    return {
      fileType: 'pdf',
      original,
      width: null,
      height: null,
      renditions: null,
      pdfTagged: isTaggedPdf(upload.data),
      files: [original],
    };
  }
  return processImage(upload, type);
}
