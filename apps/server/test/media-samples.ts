import sharp from 'sharp';

/** Real files made on the spot for the media tests. */
export async function pngImage(width: number, height: number, colour = '#2a6f97') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export async function gifImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 4, background: '#e07a5f' } })
    .gif()
    .toBuffer();
}

/** A photo as a phone takes it: EXIF with the place it was taken. */
export async function jpegWithGps(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#81b29a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Telefon', Model: 'Skolkamera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 4/1' },
    })
    .toBuffer();
}

/** Noise hardly compresses, so this is a real image over 10 MB within the size rules. */
export async function largePng() {
  const width = 2000;
  const height = 1900;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let index = 0; index < pixels.length; index += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = seed >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** The smallest well-formed PDF: one empty page. */
/** A one-page PDF; `tagged` gives it the catalog entries of a tagged PDF (marked, with a structure tree). */
export function pdfDocument({ tagged = false }: { tagged?: boolean } = {}) {
  const objects = [
    tagged
      ? '<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 4 0 R /Lang (sv) >>'
      : '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ...(tagged ? ['<< /Type /StructTreeRoot /K [] >>'] : []),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const htmlPage = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/core/v1/user")</script></body></html>',
);

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">' +
    '<script>alert(document.cookie)</script><rect width="800" height="400" fill="red"/></svg>',
);
