import { describe, expect, it } from 'vitest';
import { textPdf } from '../../db/seed/demo-documents';
import { cleanName, detectType } from './file-rules';

describe('detectType', () => {
  it('knows common document and image types by their bytes', () => {
    expect(detectType(textPdf(['Hej']), 'a.pdf')?.mimeType).toBe('application/pdf');
    expect(
      detectType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'a.png')?.mimeType,
    ).toBe('image/png');
    expect(detectType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'foto.JPG')?.mimeType).toBe(
      'image/jpeg',
    );
    const docx = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('....[Content_Types].xml'),
    ]);
    expect(detectType(docx, 'brev.docx')?.mimeType).toMatch(/wordprocessingml/);
    expect(detectType(Buffer.from('a;b\n1;2\n'), 'lista.csv')?.mimeType).toBe('text/csv');
  });

  it('refuses executables, markup, archives and unknown bytes', () => {
    expect(detectType(Buffer.from('MZ\x90\x00'), 'a.pdf')).toBeNull();
    expect(detectType(Buffer.from('\x7fELF'), 'a.txt')).toBeNull();
    expect(detectType(Buffer.from('<!DOCTYPE html><p>x'), 'a.txt')).toBeNull();
    expect(detectType(Buffer.from('<svg onload="x()"/>'), 'a.txt')).toBeNull();
    expect(detectType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'paket.zip')).toBeNull();
    expect(detectType(Buffer.from('vanlig text'), 'a.exe')).toBeNull();
    expect(detectType(Buffer.from([0x00, 0x01, 0x02]), 'a.txt')).toBeNull();
  });
});

describe('cleanName', () => {
  it('keeps ordinary names and refuses path tricks', () => {
    expect(cleanName('  Läsårsplan 2026.pdf ')).toBe('Läsårsplan 2026.pdf');
    for (const bad of [
      '',
      ' ',
      '.',
      '..',
      '../a',
      'a/b',
      'a\\b',
      'a\u0000',
      'a:b',
      'slut.',
      'x'.repeat(256),
    ])
      expect(cleanName(bad)).toBeNull();
    expect(cleanName('x'.repeat(255))).toHaveLength(255);
  });
});
