import { format, sv } from '@skolportalen/shared';

const decimal = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 });

/** "350 kB", "2,4 MB" */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) {
    return format(sv.media.sizeKilobytes, { n: decimal.format(Math.max(1, bytes / 1024)) });
  }
  return format(sv.media.sizeMegabytes, { n: decimal.format(bytes / (1024 * 1024)) });
}

/** The file name without its ending, cut to the title's length, as a first title. */
export function titleFromFileName(fileName: string, max: number): string {
  const dot = fileName.lastIndexOf('.');
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[_-]+/g, ' ').trim();
  return stem.slice(0, max).trim();
}
