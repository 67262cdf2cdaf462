import { ids, limits } from '../constants';
import { format } from '../texts/format';
import { sv } from '../texts/sv';

/**
 * The media library's file rules (spec §5 image guidance, §8 messages, §9
 * limits), shared so the browser warns before an upload with exactly the words
 * the server refuses it with.
 */
export const mediaFileTypes = ['png', 'gif', 'jpeg', 'pdf'] as const;
export type MediaFileType = (typeof mediaFileTypes)[number];
export const imageFileTypes = ['png', 'gif', 'jpeg'] as const satisfies readonly MediaFileType[];

export const mediaMimeTypes: Record<MediaFileType, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** File name endings accepted for each format (spec §5: png, gif, jpg, jpeg). */
export const mediaExtensions: Record<MediaFileType, readonly string[]> = {
  png: ['png'],
  gif: ['gif'],
  jpeg: ['jpg', 'jpeg'],
  pdf: ['pdf'],
};

/** What a file picker offers; the server still decides from the bytes. */
export const mediaAcceptAttribute = Object.values(mediaExtensions)
  .flat()
  .map((extension) => `.${extension}`)
  .concat(Object.values(mediaMimeTypes))
  .join(',');

export const maxFileBytes = limits.fileMaxMegabytes * 1024 * 1024;
/** A client's file name is kept only for display and downloads; longer ones are refused. */
export const maxFileNameLength = 200;

export function isImageType(type: MediaFileType): boolean {
  return type !== 'pdf';
}

/** The category a file lands in when the upload names none. */
export function defaultCategoryFor(type: MediaFileType): number {
  return type === 'pdf' ? ids.mediaCategoryPdf : ids.mediaCategoryDefault;
}

export function fileSizeMessage(bytes: number): string | null {
  return bytes > maxFileBytes
    ? format(sv.media.fileTooLarge, { size: limits.fileMaxMegabytes })
    : null;
}

export type ImageRuleFailure = 'tooLarge' | 'tooSmall' | 'aspectRatio';

/**
 * Checks an image's displayed size: between 200×200 and 3000×2010 px and
 * landscape. A square image counts as landscape, since the smallest allowed
 * size is itself square and icons are square.
 */
export function checkImageDimensions(
  width: number,
  height: number,
): { failure: ImageRuleFailure; message: string } | null {
  if (width > limits.imageMaxWidth || height > limits.imageMaxHeight) {
    return {
      failure: 'tooLarge',
      message: format(sv.media.imageTooLarge, {
        width: limits.imageMaxWidth,
        height: limits.imageMaxHeight,
      }),
    };
  }
  if (width < limits.imageMinWidth || height < limits.imageMinHeight) {
    return {
      failure: 'tooSmall',
      message: format(sv.media.imageTooSmall, {
        width: limits.imageMinWidth,
        height: limits.imageMinHeight,
      }),
    };
  }
  if (height > width) return { failure: 'aspectRatio', message: sv.media.aspectRatio };
  return null;
}

/** The ending of a file name, lower-case, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The format a file name claims, or null when its ending is not one the library takes. */
export function fileTypeFromName(fileName: string): MediaFileType | null {
  const extension = extensionOf(fileName);
  const match = mediaFileTypes.find((type) => mediaExtensions[type].includes(extension));
  return match ?? null;
}

/**
 * A client's file name is acceptable when it is a bare name: no folders, no
 * control characters such as NUL, not too long. Whether its ending matches the
 * content is checked once the content's real format is known.
 */
export function isAcceptableFileName(fileName: string): boolean {
  return (
    fileName.length > 0 &&
    fileName.length <= maxFileNameLength &&
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    !/[\u0000-\u001f\u007f/\\]/.test(fileName) &&
    fileName !== '.' &&
    fileName !== '..'
  );
}
