import { describe, expect, it } from 'vitest';
import { accessibilityNotices, readableText } from './accessibility';
import { createBlock, type Block } from './blocks';

const heading = (size: 1 | 2 | 3 | 4 | 5, id = `h${size}`) =>
  ({ ...createBlock('heading', { text: 'Rubrik', size }), id }) as Block;
const html = (markup: string, id = 'text') =>
  ({ ...createBlock('html', { html: markup }), id }) as Block;

describe('the editor’s accessibility check', () => {
  it('requires alternative text for a picture, and only for a picture that is there', () => {
    const missing = { ...createBlock('image', { imgSrc: '/media/a.png', alt: '  ' }), id: 'img' };
    const empty = { ...createBlock('image', { imgSrc: '', alt: '' }), id: 'none' };
    const row = {
      ...createBlock('row'),
      id: 'row',
      children: [{ ...createBlock('col'), id: 'col', children: [missing] }],
    } as Block;
    expect(accessibilityNotices([empty, row])).toEqual([
      {
        blockId: 'img',
        path: 'content.1.children.0.children.0',
        field: 'alt',
        severity: 'error',
        message: 'Bilden behöver en alternativtext som beskriver vad den visar.',
      },
    ]);
  });

  it('warns when heading levels skip, counting the title as the h1 and headings inside text', () => {
    expect(accessibilityNotices([heading(2), heading(3), html('<h3>Mer</h3><p>x</p>')])).toEqual(
      [],
    );
    const notices = accessibilityNotices([heading(4), html('<h2>A</h2><h5>B</h5>')]);
    expect(notices.map((n) => [n.blockId, n.severity, n.message])).toEqual([
      [
        'h4',
        'warning',
        'Rubriknivån hoppar från nivå 1 till nivå 4. Använd rubriker i ordning, utan att hoppa över någon nivå.',
      ],
      [
        'text',
        'warning',
        'Rubriknivån hoppar från nivå 2 till nivå 5. Använd rubriker i ordning, utan att hoppa över någon nivå.',
      ],
    ]);
    // Size 1 looks largest but is an h2 like size 2: no skip after the title.
    expect(accessibilityNotices([heading(1), heading(3)])).toEqual([]);
  });

  it('warns about links without text or with text that says nothing', () => {
    const notices = accessibilityNotices([
      html(
        '<p><a href="https://a.se"></a> <a href="https://b.se"> &nbsp; </a> <a href="https://c.se">Klicka här</a> <a href="https://d.se">Anmälan till lovskolan</a> <a href="https://e.se"><img src="/m.png" alt="Skolans logga"></a></p>',
      ),
    ]);
    expect(notices.map((n) => n.message)).toEqual([
      'En länk i texten saknar text. Skriv vad länken leder till.',
      'En länk i texten saknar text. Skriv vad länken leder till.',
      'Länktexten ”Klicka här” säger inte vart länken leder. Skriv vad länken leder till.',
    ]);
  });

  it('stops a table without a heading row, and lets one with headings pass', () => {
    const bare = {
      ...createBlock('table', { caption: 'Tider' }),
      id: 'bare',
      children: [{ ...createBlock('table-row', { items: 'Måndag | 8.15' }), id: 'r1' }],
    } as Block;
    const headed = {
      ...createBlock('table', { caption: 'Tider' }),
      id: 'headed',
      children: [
        { ...createBlock('table-heading', { headings: 'Dag | Tid' }), id: 'th' },
        { ...createBlock('table-row', { items: 'Måndag | 8.15' }), id: 'r2' },
      ],
    } as Block;
    expect(accessibilityNotices([bare, headed])).toEqual([
      {
        blockId: 'bare',
        path: 'content.0',
        field: 'caption',
        severity: 'error',
        message:
          'Tabellen saknar rubrikrad. Lägg till en rubrikrad så att varje kolumn får ett namn.',
      },
    ]);
  });

  it('warns about an address as link text and about text in capitals, not about abbreviations', () => {
    const notices = accessibilityNotices([
      html('<p>Läs <a href="https://skolverket.se/">https://skolverket.se/</a> i SFI och IT.</p>'),
      {
        ...createBlock('heading', { text: 'VIKTIGT OM UTFLYKTEN I MORGON', size: 2 }),
        id: 'loud',
      } as Block,
    ]);
    expect(notices.map((notice) => [notice.blockId, notice.severity, notice.message])).toEqual([
      [
        'text',
        'warning',
        'Länktexten är en webbadress (https://skolverket.se/). Skriv i stället vad länken leder till; adresser läses upp tecken för tecken.',
      ],
      [
        'loud',
        'warning',
        'Texten ”VIKTIGT OM UTFLYKTEN I MORGON” är skriven med versaler. Sådan text är svårare att läsa och kan läsas upp bokstav för bokstav.',
      ],
    ]);
  });

  it('reads a post’s text as sentences: title, excerpt, headings and paragraphs', () => {
    expect(
      readableText({
        title: 'Utflykt',
        excerpt: 'Vi åker på fredag.',
        content: [
          { ...createBlock('heading', { text: 'Att ta med', size: 2 }), id: 'h' } as Block,
          html('<p>Matsäck och regnkläder</p><ul><li>Vattenflaska</li></ul>'),
        ],
      }),
    ).toBe('Utflykt. Vi åker på fredag. Att ta med. Matsäck och regnkläder. Vattenflaska.');
  });
});
