import { describe, expect, it } from 'vitest';
import { checkChosenFile } from './chosen-file-check';

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);
const sized = (width: number, height: number) => async () => ({ width, height });

describe('checkChosenFile', () => {
  it('accepts a landscape image within the limits', async () => {
    expect(await checkChosenFile(file('bild.jpg'), sized(1200, 630))).toEqual({
      fileType: 'jpeg',
      width: 1200,
      height: 630,
      problem: null,
      aspectHint: null,
    });
  });

  it('gives the aspect-ratio hint for a portrait image', async () => {
    const result = await checkChosenFile(file('stående.png'), sized(400, 600));
    expect(result.aspectHint).toBe(
      'Bilden är stående (400×600 px). Den uppfyller inte bildförhållandet: välj en liggande bild, minst lika bred som hög.',
    );
    expect(result.problem).toContain('bildförhållandet');
  });

  it('names the size limits and the file size limit', async () => {
    expect((await checkChosenFile(file('stor.png'), sized(4000, 2000))).problem).toBe(
      'Bilden överskrider storleksrekommendation på max 3000px bred och 2010px hög',
    );
    expect((await checkChosenFile(file('liten.gif'), sized(100, 80))).problem).toContain(
      'minst 200px bred',
    );
    expect(
      (await checkChosenFile(file('tung.png', 11 * 1024 * 1024), sized(800, 400))).problem,
    ).toBe('Filen är större än 10 MB');
  });

  it('refuses other formats by name and reads no size for a pdf', async () => {
    expect((await checkChosenFile(file('sida.html'), sized(800, 400))).problem).toContain(
      'Filformatet stöds inte',
    );
    const pdf = await checkChosenFile(file('plan.pdf'), () => {
      throw new Error('a pdf has no pixel size');
    });
    expect(pdf).toMatchObject({ fileType: 'pdf', problem: null });
  });

  it('calls an image the browser cannot read damaged', async () => {
    expect((await checkChosenFile(file('trasig.png'), async () => null)).problem).toBe(
      'Filen kunde inte läsas. Den verkar vara skadad eller ofullständig.',
    );
  });
});
