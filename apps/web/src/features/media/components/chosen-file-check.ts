import {
  checkImageDimensions,
  fileSizeMessage,
  fileTypeFromName,
  format,
  sv,
  type MediaFileType,
} from '@skolportalen/shared';

export interface ChosenFileCheck {
  fileType: MediaFileType | null;
  width: number | null;
  height: number | null;
  /** Why the server will refuse the file, in its own words; null when it looks fine. */
  problem: string | null;
  /** The spec's hint shown on aspect-ratio mismatch. */
  aspectHint: string | null;
}

/** Reads an image's size in the browser, before anything is sent. */
export function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    image.src = url;
  });
}

/**
 * The library's rules applied to a chosen file, with the shared messages. The
 * server checks the real bytes again; this only spares a pointless upload.
 */
export async function checkChosenFile(
  file: File,
  readSize: typeof readImageSize = readImageSize,
): Promise<ChosenFileCheck> {
  const fileType = fileTypeFromName(file.name);
  const result: ChosenFileCheck = {
    fileType,
    width: null,
    height: null,
    problem: null,
    aspectHint: null,
  };
  if (!fileType) return { ...result, problem: sv.media.unsupportedType };
  const sizeProblem = fileSizeMessage(file.size);
  if (sizeProblem) return { ...result, problem: sizeProblem };
  if (fileType === 'pdf') return result;

  const size = await readSize(file);
  if (!size) return { ...result, problem: sv.media.corruptFile };
  const dimensions = checkImageDimensions(size.width, size.height);
  return {
    ...result,
    ...size,
    problem: dimensions?.message ?? null,
    aspectHint: dimensions?.failure === 'aspectRatio' ? format(sv.media.aspectHint, size) : null,
  };
}
