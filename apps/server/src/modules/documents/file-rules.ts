/**
 * Upload rules of the built-in repository: the type comes from the bytes, never from
 * the name or the browser's claim, and names cannot leave their folder.
 */

export interface DetectedType {
  mimeType: string;
  /** Extensions a file of this type may have. */
  extensions: string[];
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((value, index) => bytes[offset + index] === value);

const ooxml: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const odf: Record<string, string> = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/** A zip container is an office document only when its first entry says so. */
function zipType(bytes: Buffer, extension: string): DetectedType | null {
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (head.includes('mimetype') && head.includes('application/vnd.oasis.opendocument')) {
    const type = odf[extension];
    return type ? { mimeType: type, extensions: [extension] } : null;
  }
  const type = ooxml[extension];
  if (type && (head.includes('[Content_Types].xml') || head.includes('_rels/'))) {
    return { mimeType: type, extensions: [extension] };
  }
  return null;
}

/** Plain text: valid UTF-8 without control characters other than tab and line breaks. */
function isPlainText(bytes: Buffer) {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 65_536));
  if (text.includes('\uFFFD')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) return false;
  // Markup is refused: a browser could run it as a page.
  return !/<\s*(!doctype|html|script|svg|iframe|body|head|\?xml)/i.test(text);
}

export function detectType(bytes: Buffer, fileName: string): DetectedType | null {
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { mimeType: 'application/pdf', extensions: ['pdf'] };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mimeType: 'image/png', extensions: ['png'] };
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]))
    return { mimeType: 'image/gif', extensions: ['gif'] };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return { mimeType: 'image/webp', extensions: ['webp'] };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipType(bytes, extension);
  // Old binary Office files (Word 97–2003 and the like).
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const legacy: Record<string, string> = {
      doc: 'application/msword',
      xls: 'application/vnd.ms-excel',
      ppt: 'application/vnd.ms-powerpoint',
    };
    const type = legacy[extension];
    return type ? { mimeType: type, extensions: [extension] } : null;
  }
  if (bytes.length > 0 && isPlainText(bytes)) {
    if (extension === 'csv') return { mimeType: 'text/csv', extensions: ['csv'] };
    if (extension === 'txt' || extension === 'md')
      return { mimeType: 'text/plain', extensions: [extension] };
  }
  return null;
}

export const maxNameLength = 255;

/**
 * A folder or file name as stored, or null when it cannot be one: no path separators,
 * no `.`/`..`, no control characters (NUL included), at most 255 characters.
 */
export function cleanName(raw: string): string | null {
  const name = raw.normalize('NFC').trim();
  if (name.length === 0 || name.length > maxNameLength) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F/\\]/.test(name)) return null;
  if (/^\.+$/.test(name)) return null;
  // Characters Windows and Alfresco refuse in names.
  if (/[<>:"|?*]/.test(name)) return null;
  if (name.endsWith('.')) return null;
  return name;
}
