import { describe, expect, it } from 'vitest';
import { mediaUpdateRequest, mediaUploadFields } from '../schemas/media';
import {
  checkImageDimensions,
  defaultCategoryFor,
  fileSizeMessage,
  fileTypeFromName,
  isAcceptableFileName,
  maxFileBytes,
} from './media-rules';

describe('checkImageDimensions (spec §5, §8)', () => {
  it('accepts landscape and square images from 200×200 to 3000×2010', () => {
    expect(checkImageDimensions(200, 200)).toBeNull();
    expect(checkImageDimensions(3000, 2010)).toBeNull();
    expect(checkImageDimensions(1200, 630)).toBeNull();
  });

  it('names the maximum when the image is too large', () => {
    expect(checkImageDimensions(3001, 1000)).toEqual({
      failure: 'tooLarge',
      message: 'Bilden överskrider storleksrekommendation på max 3000px bred och 2010px hög',
    });
    expect(checkImageDimensions(2500, 2011)?.failure).toBe('tooLarge');
  });

  it('names the minimum when the image is too small', () => {
    const result = checkImageDimensions(400, 199);
    expect(result?.failure).toBe('tooSmall');
    expect(result?.message).toContain('200px bred och 200px hög');
  });

  it('refuses portrait images', () => {
    expect(checkImageDimensions(300, 301)?.failure).toBe('aspectRatio');
  });
});

describe('file size and name', () => {
  it('allows up to 10 MB and refuses more with the limit in the message', () => {
    expect(fileSizeMessage(maxFileBytes)).toBeNull();
    expect(fileSizeMessage(maxFileBytes + 1)).toBe('Filen är större än 10 MB');
  });

  it('reads the claimed format from the name', () => {
    expect(fileTypeFromName('Skolgård.JPG')).toBe('jpeg');
    expect(fileTypeFromName('a.jpeg')).toBe('jpeg');
    expect(fileTypeFromName('plan.pdf')).toBe('pdf');
    expect(fileTypeFromName('page.html')).toBeNull();
    expect(fileTypeFromName('png')).toBeNull();
  });

  it('refuses folders, control characters and very long names', () => {
    expect(isAcceptableFileName('bild.png')).toBe(true);
    expect(isAcceptableFileName('../../etc/passwd.png')).toBe(false);
    expect(isAcceptableFileName('..\\bild.png')).toBe(false);
    expect(isAcceptableFileName('bild\u0000.png')).toBe(false);
    expect(isAcceptableFileName(`${'a'.repeat(300)}.png`)).toBe(false);
    expect(isAcceptableFileName('')).toBe(false);
  });

  it('puts pdf documents in category 8 and images in category 2 by default', () => {
    expect(defaultCategoryFor('pdf')).toBe(8);
    expect(defaultCategoryFor('png')).toBe(2);
  });
});

describe('media fields (spec §5: title 1–25, alt 4–55)', () => {
  it('gives the spec messages', () => {
    const result = mediaUploadFields.safeParse({ title: '', description: 'abc' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      title: 'Fältet måste vara ifyllt',
      description: 'Fältet måste innehålla minst 4 tecken',
    });
    const long = mediaUpdateRequest.safeParse({
      title: 'x'.repeat(26),
      description: 'y'.repeat(56),
    });
    expect(long.error!.issues.map((issue) => issue.message)).toEqual([
      'Fältet får innehålla max 25 tecken',
      'Fältet får innehålla max 55 tecken',
    ]);
  });

  it('coerces a category sent as a form field', () => {
    expect(
      mediaUploadFields.parse({ title: 'Ikon', description: 'En blå ikon', categoryId: '7' }),
    ).toEqual({ title: 'Ikon', description: 'En blå ikon', categoryId: 7 });
  });
});

describe('alt text', () => {
  it('says "required" when empty and "at least 4" when too short', () => {
    // Forms and the server show the first message per field.
    const first = (description: string) =>
      mediaUpdateRequest.safeParse({ title: 'Bild', description }).error?.issues[0]?.message;
    expect(first('  ')).toBe('Fältet måste vara ifyllt');
    expect(first('abc')).toBe('Fältet måste innehålla minst 4 tecken');
    expect(first('abcd')).toBeUndefined();
  });
});
