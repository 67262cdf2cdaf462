import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { processUpload, sniffFileType } from './media-processing';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('sniffFileType', () => {
  it('reads the format from the first bytes', async () => {
    expect(sniffFileType(await png(10, 10))).toBe('png');
    expect(sniffFileType(Buffer.from('GIF89a...'))).toBe('gif');
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFileType(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(sniffFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFileType(Buffer.from('  %PDF-1.7'))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processUpload', () => {
  it('makes a thumbnail and a card rendition in webp and never enlarges', async () => {
    const result = await processUpload({ fileName: 'ikon.png', data: await png(256, 256) });
    expect(result.renditions).toEqual({
      thumb: { filename: expect.stringMatching(/-thumb\.webp$/), width: 256, height: 256 },
      card: { filename: expect.stringMatching(/-card\.webp$/), width: 256, height: 256 },
    });
    expect(result.files.map((file) => file.name)).toEqual([
      result.original.name,
      result.renditions!.thumb.filename,
      result.renditions!.card.filename,
    ]);
  });

  it('gives two uploads of the same bytes different names', async () => {
    const data = await png(300, 200);
    const first = await processUpload({ fileName: 'a.png', data });
    const second = await processUpload({ fileName: 'a.png', data });
    expect(first.original.name.slice(0, 20)).toBe(second.original.name.slice(0, 20));
    expect(first.original.name).not.toBe(second.original.name);
  });

  it('refuses an empty file as unreadable', async () => {
    const error = await processUpload({ fileName: 'tom.png', data: Buffer.alloc(0) }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('FILE_CORRUPT');
  });
});
