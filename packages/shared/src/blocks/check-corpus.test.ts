import { describe, expect, it } from 'vitest';
import { readability, readabilityTargetFor } from '../content/readability';
import { accessibilityNotices, linkedMediaPdfs, readableText } from './accessibility';
import { blockLinks, mediaPdfFilename } from './block-links';
import { createBlock, type Block } from './blocks';

/**
 * The checks before publishing over a corpus of posts a writer might send
 * (issue 29): good ones pass without a word, each bad one gets the problem
 * it has — at its block, as an error or a warning — and nothing else.
 */
const block = <B extends Block>(made: B, id: string) => ({ ...made, id }) as Block;
const html = (markup: string, id = 'text') => block(createBlock('html', { html: markup }), id);
const untaggedPdfs = new Set(['a1b2-rutiner.pdf']);
const siteOrigin = 'https://portal.example.se';

interface Sample {
  name: string;
  content: Block[];
  expected: [blockId: string, severity: 'error' | 'warning', field: string][];
}

const good: Sample[] = [
  {
    name: 'a news item with a heading, text, a described picture and a telling link',
    content: [
      block(createBlock('heading', { text: 'Lovskola i sommar', size: 2 }), 'h'),
      html('<p>Anmäl ditt barn till <a href="https://kommun.se/lovskola">lovskolan</a>.</p>'),
      block(createBlock('image', { imgSrc: '/media/sol.png', alt: 'Barn som leker i solen' }), 'i'),
    ],
    expected: [],
  },
  {
    name: 'a table with its heading row, a captioned video and a tagged PDF',
    content: [
      block(
        createBlock('table', { caption: 'Tider' }, [
          block(createBlock('table-heading', { headings: 'Dag | Tid' }), 'th'),
          block(createBlock('table-row', { items: 'Måndag | 8–15' }), 'tr'),
        ]),
        't',
      ),
      block(createBlock('video', { videoSrc: 'https://video.se/v/1', captioned: true }), 'v'),
      html('<p>Läs <a href="/media/c3d4-tagged.pdf">rutinerna för frånvaro</a>.</p>'),
    ],
    expected: [],
  },
  {
    name: 'an abbreviation in capitals and an empty picture or video not yet chosen',
    content: [
      html('<p>Kursen i SFI och IT börjar i augusti.</p>'),
      block(createBlock('image'), 'i'),
      block(createBlock('video'), 'v'),
    ],
    expected: [],
  },
];

const bad: Sample[] = [
  {
    name: 'a picture without a description',
    content: [block(createBlock('image', { imgSrc: '/media/a.png', alt: ' ' }), 'i')],
    expected: [['i', 'error', 'alt']],
  },
  {
    name: 'a table without a heading row',
    content: [
      block(
        createBlock('table', {}, [block(createBlock('table-row', { items: 'a | b' }), 'r')]),
        't',
      ),
    ],
    expected: [['t', 'error', 'caption']],
  },
  {
    name: 'a skipped heading level',
    content: [block(createBlock('heading', { text: 'Om skolan', size: 3 }), 'h')],
    expected: [['h', 'warning', 'text']],
  },
  {
    name: '“klicka här” and a bare address as link texts',
    content: [
      html(
        '<p><a href="https://a.se">klicka här</a> och <a href="https://www.b.se">https://www.b.se</a></p>',
      ),
    ],
    expected: [
      ['text', 'warning', 'html'],
      ['text', 'warning', 'html'],
    ],
  },
  {
    name: 'text in capitals',
    content: [html('<p>VIKTIGT MEDDELANDE TILL ALLA FÖRÄLDRAR</p>')],
    expected: [['text', 'warning', 'html']],
  },
  {
    name: 'a video without captions noted',
    content: [block(createBlock('video', { videoSrc: 'https://video.se/v/2' }), 'v')],
    expected: [['v', 'warning', 'captioned']],
  },
  {
    name: 'links to an untagged PDF, by path and by the site’s full address, in text and on a card',
    content: [
      html('<p>Se <a href="/media/a1b2-rutiner.pdf">rutinerna</a>.</p>'),
      block(
        createBlock('card', {
          title: 'Rutiner',
          buttonLabel: 'Öppna rutinerna',
          buttonUrl: 'https://portal.example.se/media/a1b2-rutiner.pdf',
        }),
        'c',
      ),
    ],
    expected: [
      ['text', 'warning', 'html'],
      ['c', 'warning', 'buttonUrl'],
    ],
  },
  {
    name: 'a link to an untagged PDF above a video without captions, in the order of the page',
    content: [
      html('<p><a href="/media/a1b2-rutiner.pdf">Rutinerna</a></p>', 'first'),
      block(createBlock('video', { videoSrc: 'https://video.se/v/3' }), 'v'),
    ],
    expected: [
      ['first', 'warning', 'html'],
      ['v', 'warning', 'captioned'],
    ],
  },
];

const found = (content: Block[]) =>
  accessibilityNotices(content, { untaggedPdfs, siteOrigin }).map(
    (notice) => [notice.blockId, notice.severity, notice.field] as const,
  );

describe('the checks before publishing over a corpus of posts', () => {
  it.each(good)('passes $name', ({ content }) => {
    expect(found(content)).toEqual([]);
  });

  it.each(bad)('finds $name', ({ content, expected }) => {
    expect(found(content)).toEqual(expected);
  });

  it('only blocks publishing for what keeps a reader out: pictures and tables', () => {
    const errors = bad.flatMap(({ content }) =>
      accessibilityNotices(content, { untaggedPdfs, siteOrigin }).filter(
        (notice) => notice.severity === 'error',
      ),
    );
    expect(errors.map((notice) => notice.blockId)).toEqual(['i', 't']);
  });

  it('leaves a PDF alone when nothing says it is untagged, or when it is elsewhere', () => {
    const content = [html('<p><a href="/media/a1b2-rutiner.pdf">Rutinerna</a></p>')];
    expect(accessibilityNotices(content)).toEqual([]);
    expect(mediaPdfFilename('https://annan.se/media/a1b2-rutiner.pdf', siteOrigin)).toBeNull();
    expect(mediaPdfFilename('/media/a1b2-rutiner.pdf?v=2')).toBe('a1b2-rutiner.pdf');
    expect(mediaPdfFilename('/media/bild.png')).toBeNull();
  });

  it('lists the links of a post and the media PDFs among them once each', () => {
    const content = [
      html('<p><a href="https://a.se/?x=1&amp;y=2">A</a> <a href="/media/x.pdf">X</a></p>'),
      block(
        createBlock('row', {}, [block(createBlock('card', { buttonUrl: '/media/x.pdf' }), 'c')]),
        'r',
      ),
    ];
    expect(blockLinks(content).map((link) => [link.blockId, link.path, link.href])).toEqual([
      ['text', 'content.0', 'https://a.se/?x=1&y=2'],
      ['text', 'content.0', '/media/x.pdf'],
      ['c', 'content.1.children.0', '/media/x.pdf'],
    ]);
    expect(linkedMediaPdfs(content)).toEqual(['x.pdf']);
  });
});

/**
 * LIX of whole posts against reference values counted by hand (words per
 * sentence + long words × 100 / words), within ±1 as the measure is usually
 * quoted.
 */
describe('LIX of posts against reference values', () => {
  const references = [
    {
      // 20 words, 4 sentences, 2 long (Fritids, vanligt): 5 + 10 = 15.
      post: {
        content: [
          html(
            '<p>Skolan är stängd på fredag. Barnen får vara hemma.</p><p>Fritids har öppet som vanligt. Ring oss om ni undrar något.</p>',
          ),
        ],
      },
      lix: 15,
    },
    {
      // 20 words, 2 sentences, 12 long: 10 + 60 = 70.
      post: {
        content: [
          html(
            '<p>Förvaltningen genomför under vårterminen en omfattande utvärdering av verksamhetens kvalitetsarbete. Vårdnadshavare kommer att erbjudas möjlighet att besvara en webbaserad enkät.</p>',
          ),
        ],
      },
      lix: 70,
    },
    {
      // The title is a sentence of its own: 20 words, 3 sentences, 3 long
      // (Utvecklingssamtal, skolgång, portalen): 6.7 + 15 = 21.7.
      post: {
        title: 'Utvecklingssamtal i vecka 12',
        content: [
          html(
            '<p>Vi bjuder in till samtal om ditt barns skolgång.</p><p>Boka en tid i portalen senast fredag</p>',
          ),
        ],
      },
      lix: 21.7,
    },
  ];

  it.each(references)('is within ±1 of $lix', ({ post, lix }) => {
    const measured = readability(readableText(post));
    expect(measured).not.toBeNull();
    expect(Math.abs(measured!.lix - lix)).toBeLessThanOrEqual(1);
  });

  it('holds a post to its readers’ target, the strictest when they are mixed', () => {
    expect(readabilityTargetFor(['role_caretaker'])).toEqual({ audience: 'guardians', target: 40 });
    expect(readabilityTargetFor(['role_teacher', 'role_employee'])).toEqual({
      audience: 'staff',
      target: 50,
    });
    expect(readabilityTargetFor(['role_caretaker', 'role_teacher'])).toEqual({
      audience: 'guardians',
      target: 40,
    });
    // Groups only: pupils, their guardians and staff alike.
    expect(readabilityTargetFor([])).toEqual({ audience: 'pupils', target: 35 });
  });
});
