import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isTaggedPdf } from './pdf-tags';

/** A small PDF with these objects in order, and a trailer naming object 1 as the catalog. */
function pdf(objects: string[], trailer = '<< /Size 9 /Root 1 0 R >>') {
  const body = objects.map((object, index) => `${index + 1} 0 obj\n${object}\nendobj\n`).join('');
  return Buffer.from(`%PDF-1.7\n${body}trailer\n${trailer}\n%%EOF\n`, 'latin1');
}

const pages = '<< /Type /Pages /Kids [] /Count 0 >>';

/** A PDF 1.5 file whose catalog sits compressed in an object stream, found by an xref stream. */
function compressedPdf(catalog: string, extra: string[] = []) {
  const inner = [catalog, ...extra];
  let offsets = '';
  let bodies = '';
  inner.forEach((object, index) => {
    offsets += `${index + 10} ${bodies.length} `;
    bodies += `${object}\n`;
  });
  const content = Buffer.from(offsets + bodies, 'latin1');
  const packed = deflateSync(content);
  const header = `<< /Type /ObjStm /N ${inner.length} /First ${offsets.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`;
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n1 0 obj\n${header}`, 'latin1'),
    packed,
    Buffer.from(
      `\nendstream\nendobj\n2 0 obj\n<< /Type /XRef /Root 10 0 R /Size 12 >>\nstream\n\nendstream\nendobj\n%%EOF\n`,
      'latin1',
    ),
  ]);
}

describe('telling a tagged PDF', () => {
  it('takes a catalog marked and with a structure tree as tagged', () => {
    const tagged = pdf([
      '<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 3 0 R /Lang (sv) >>',
      pages,
      '<< /Type /StructTreeRoot /K [] >>',
    ]);
    expect(isTaggedPdf(tagged)).toBe(true);
  });

  it('takes a PDF without marks, marked false or without a structure tree as untagged', () => {
    expect(isTaggedPdf(pdf(['<< /Type /Catalog /Pages 2 0 R >>', pages]))).toBe(false);
    expect(
      isTaggedPdf(
        pdf([
          '<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked false >> /StructTreeRoot 3 0 R >>',
          pages,
          '<< /Type /StructTreeRoot >>',
        ]),
      ),
    ).toBe(false);
    expect(
      isTaggedPdf(pdf(['<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> >>', pages])),
    ).toBe(false);
  });

  it('follows a MarkInfo given by reference', () => {
    const tagged = pdf([
      '<< /Type /Catalog /Pages 2 0 R /MarkInfo 3 0 R /StructTreeRoot 4 0 R >>',
      pages,
      '<< /Marked true >>',
      '<< /Type /StructTreeRoot >>',
    ]);
    expect(isTaggedPdf(tagged)).toBe(true);
  });

  it('reads a catalog compressed in an object stream', () => {
    expect(
      isTaggedPdf(
        compressedPdf('<< /Type /Catalog /MarkInfo 11 0 R /StructTreeRoot 12 0 R >>', [
          '<< /Marked true >>',
        ]),
      ),
    ).toBe(true);
    expect(isTaggedPdf(compressedPdf('<< /Type /Catalog /Pages 3 0 R >>'))).toBe(false);
  });

  it('reads the catalog of the last update and calls an unreadable file untagged', () => {
    const updated = Buffer.concat([
      pdf(['<< /Type /Catalog /Pages 2 0 R >>', pages]),
      Buffer.from(
        '5 0 obj\n<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 6 0 R >>\nendobj\ntrailer\n<< /Root 5 0 R /Prev 9 >>\n%%EOF\n',
        'latin1',
      ),
    ]);
    expect(isTaggedPdf(updated)).toBe(true);
    expect(isTaggedPdf(Buffer.from('%PDF-1.4\n garbage %%EOF'))).toBe(false);
  });
});
