import { format } from '../texts/format';
import { svShell } from '../texts/shell';

const decimal = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 });
const kilobyte = 1024;
const megabyte = 1024 * 1024;

/**
 * A file's size as Swedish readers write it: "200 byte", "1,5 kB", "2,4 MB".
 * Below a kilobyte the bytes themselves, so a tiny file never reads "1 kB".
 */
export function formatFileSize(bytes: number): string {
  const t = svShell.fileSize;
  if (bytes < kilobyte) return format(t.bytes, { n: decimal.format(Math.max(0, bytes)) });
  if (bytes < megabyte) return format(t.kilobytes, { n: decimal.format(bytes / kilobyte) });
  return format(t.megabytes, { n: decimal.format(bytes / megabyte) });
}
