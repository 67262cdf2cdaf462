import { ids } from '@skolportalen/shared';
import sharp from 'sharp';
import { uploadMedia } from '../../modules/media/media.service';
import type { MediaStorage } from '../../media-storage/media-storage';
import type { Database } from '../client';
import { readingPagePictures, sky, type DemoPicture, type PictureOutput } from './demo-pictures';

/**
 * The demo library: banner pictures, the reading pages' pictures, icons,
 * Google icons and a pdf, drawn on the spot (no files in the repository) and
 * stored through the same upload path as a real file.
 */
interface DemoMedia {
  title: string;
  alt: string;
  categoryId: number;
  fileName: string;
  draw: () => Promise<Buffer>;
}

const svg = (width: number, height: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`,
  );

const render = (source: Buffer, output: PictureOutput) => {
  const image = sharp(source);
  if (output === 'jpeg') return image.jpeg({ quality: 85 }).toBuffer();
  if (output === 'gif') return image.gif().toBuffer();
  return image.png().toBuffer();
};

const tree = (x: number, y: number, size: number, colour: string) =>
  `<rect x="${x - size / 10}" y="${y}" width="${size / 5}" height="${size}" fill="#6b4226"/><circle cx="${x}" cy="${y}" r="${size / 1.6}" fill="${colour}"/>`;

const banners: DemoPicture[] = [
  {
    title: 'Skolgård i höstsol',
    alt: 'Skolgård med träd i höstfärger under en orange himmel',
    fileName: 'skolgard-host.jpg',
    output: 'jpeg',
    body:
      sky('#f6a04d', '#fde4b8') +
      '<circle cx="960" cy="150" r="90" fill="#fff3c4"/>' +
      '<rect y="470" width="1200" height="160" fill="#8c6d46"/>' +
      tree(200, 330, 150, '#c8553d') +
      tree(430, 360, 120, '#e0a03a') +
      tree(760, 340, 140, '#b23a48') +
      '<rect x="520" y="300" width="200" height="170" fill="#f4f1de"/><polygon points="500,300 620,220 740,300" fill="#3d405b"/>',
  },
  {
    title: 'Vinterlov',
    alt: 'Snötäckta kullar och granar en klar vinterdag',
    fileName: 'vinterlov.jpg',
    output: 'jpeg',
    body:
      sky('#4a90c2', '#d9ecf7') +
      '<ellipse cx="300" cy="640" rx="520" ry="230" fill="#ffffff"/><ellipse cx="950" cy="660" rx="480" ry="210" fill="#eef5fb"/>' +
      '<polygon points="820,420 880,260 940,420" fill="#1f5e3a"/><polygon points="960,440 1010,300 1060,440" fill="#2a7047"/>' +
      '<polygon points="150,440 210,290 270,440" fill="#1f5e3a"/>',
  },
  {
    title: 'Idrottsdag',
    alt: 'Löparbana i rött runt en grön fotbollsplan',
    fileName: 'idrottsdag.png',
    output: 'png',
    body:
      sky('#87c5f0', '#cfe9fb') +
      '<rect y="330" width="1200" height="300" fill="#3f8f4f"/>' +
      '<rect x="120" y="380" width="960" height="220" rx="110" fill="none" stroke="#c0392b" stroke-width="46"/>' +
      '<rect x="330" y="450" width="540" height="80" fill="none" stroke="#ffffff" stroke-width="6"/><circle cx="600" cy="490" r="30" fill="none" stroke="#ffffff" stroke-width="6"/>',
  },
  {
    title: 'Biblioteket',
    alt: 'Bokhylla fylld med böcker i många färger',
    fileName: 'biblioteket.png',
    output: 'png',
    body:
      '<rect width="1200" height="630" fill="#5b3a29"/>' +
      [0, 1, 2]
        .map((shelf) => {
          const y = 40 + shelf * 200;
          const colours = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#2a6f97', '#b56576'];
          const books = Array.from({ length: 22 }, (_, index) => {
            const height = 120 + ((index * 37) % 40);
            return `<rect x="${50 + index * 50}" y="${y + 160 - height}" width="42" height="${height}" fill="${colours[(index + shelf) % colours.length]}"/>`;
          }).join('');
          return `${books}<rect x="30" y="${y + 160}" width="1140" height="18" fill="#8a5a3c"/>`;
        })
        .join(''),
  },
  {
    title: 'Skolstart',
    alt: 'Färgglada ballonger över en skolbyggnad',
    fileName: 'skolstart.gif',
    output: 'gif',
    body:
      sky('#ffe8d6', '#ffffff') +
      '<rect x="300" y="330" width="600" height="300" fill="#d1495b"/><polygon points="270,330 600,170 930,330" fill="#00798c"/>' +
      '<rect x="560" y="490" width="80" height="140" fill="#edae49"/>' +
      [
        [180, 160, '#00798c'],
        [1010, 130, '#edae49'],
        [1080, 260, '#30638e'],
        [110, 300, '#d1495b'],
      ]
        .map(
          ([x, y, colour]) =>
            `<line x1="${x}" y1="${Number(y) + 60}" x2="${x}" y2="${Number(y) + 200}" stroke="#555" stroke-width="3"/><ellipse cx="${x}" cy="${y}" rx="48" ry="60" fill="${colour}"/>`,
        )
        .join(''),
  },
];

const iconBackground = (colour: string) =>
  `<rect width="256" height="256" rx="48" fill="${colour}"/>`;

const icons: { title: string; alt: string; fileName: string; categoryId: number; body: string }[] =
  [
    {
      title: 'Kalender',
      alt: 'Ikon: kalenderblad med rutor',
      fileName: 'kalender.png',
      categoryId: ids.mediaCategoryIcon,
      body:
        iconBackground('#00487c') +
        '<rect x="48" y="64" width="160" height="144" rx="12" fill="#ffffff"/><rect x="48" y="64" width="160" height="36" rx="12" fill="#f2a900"/>' +
        [0, 1, 2, 3]
          .flatMap((column) =>
            [0, 1, 2].map(
              (row) =>
                `<rect x="${64 + column * 36}" y="${116 + row * 30}" width="24" height="20" fill="#00487c"/>`,
            ),
          )
          .join(''),
    },
    {
      title: 'Schema',
      alt: 'Ikon: klocka',
      fileName: 'schema.png',
      categoryId: ids.mediaCategoryIcon,
      body:
        iconBackground('#1e6b34') +
        '<circle cx="128" cy="128" r="80" fill="#ffffff"/><line x1="128" y1="128" x2="128" y2="76" stroke="#1e6b34" stroke-width="14" stroke-linecap="round"/><line x1="128" y1="128" x2="170" y2="150" stroke="#1e6b34" stroke-width="14" stroke-linecap="round"/>',
    },
    {
      title: 'Meddelanden',
      alt: 'Ikon: pratbubbla',
      fileName: 'meddelanden.png',
      categoryId: ids.mediaCategoryIcon,
      body:
        iconBackground('#b3261e') +
        '<rect x="44" y="60" width="168" height="112" rx="24" fill="#ffffff"/><polygon points="84,168 84,212 128,168" fill="#ffffff"/>',
    },
    {
      title: 'Bibliotekskatalog',
      alt: 'Ikon: uppslagen bok',
      fileName: 'bok.png',
      categoryId: ids.mediaCategoryIcon,
      body:
        iconBackground('#8a5300') +
        '<path d="M40 76 Q84 60 128 80 L128 196 Q84 176 40 192 Z" fill="#ffffff"/><path d="M216 76 Q172 60 128 80 L128 196 Q172 176 216 192 Z" fill="#f3e6d3"/>',
    },
    {
      title: 'Google Dokument',
      alt: 'Ikon: blått dokument med textrader',
      fileName: 'google-dokument.png',
      categoryId: ids.mediaCategoryGoogleIcon,
      body:
        '<rect x="56" y="24" width="144" height="208" rx="14" fill="#4285f4"/>' +
        [0, 1, 2, 3]
          .map((row) => `<rect x="84" y="${96 + row * 28}" width="88" height="12" fill="#ffffff"/>`)
          .join(''),
    },
    {
      title: 'Google Kalkylark',
      alt: 'Ikon: grönt kalkylark med rutnät',
      fileName: 'google-kalkylark.png',
      categoryId: ids.mediaCategoryGoogleIcon,
      body:
        '<rect x="56" y="24" width="144" height="208" rx="14" fill="#0f9d58"/><rect x="84" y="92" width="88" height="100" fill="#ffffff"/>' +
        '<line x1="128" y1="92" x2="128" y2="192" stroke="#0f9d58" stroke-width="8"/><line x1="84" y1="142" x2="172" y2="142" stroke="#0f9d58" stroke-width="8"/>',
    },
    {
      title: 'Google Presentationer',
      alt: 'Ikon: gul presentation med bildruta',
      fileName: 'google-presentationer.png',
      categoryId: ids.mediaCategoryGoogleIcon,
      body: '<rect x="56" y="24" width="144" height="208" rx="14" fill="#f4b400"/><rect x="80" y="104" width="96" height="68" rx="6" fill="#ffffff"/>',
    },
  ];

/** A one-page pdf with a heading and a few lines, in WinAnsi so å, ä and ö print. */
function schoolYearPdf(): Buffer {
  const lines = [
    'Läsårsdata 2026/2027 – Exempelby kommun',
    'Höstterminen: 17 augusti – 22 december',
    'Höstlov: vecka 44',
    'Vårterminen: 11 januari – 11 juni',
    'Sportlov: vecka 8, påsklov: vecka 14',
  ];
  const text = lines
    .map((line, index) => {
      const escaped = line.replace(/[\\()]/g, (char) => `\\${char}`).replace('–', '\x96');
      return `BT /F1 ${index === 0 ? 18 : 12} Tf 56 ${780 - index * 28} Td (${escaped}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Newest first in the library, so the pictures are uploaded last and shown first. */
export const demoMedia: DemoMedia[] = [
  {
    title: 'Läsårsdata 2026/2027',
    alt: 'Läsårets terminer och lov i Exempelby kommun',
    categoryId: ids.mediaCategoryPdf,
    fileName: 'lasarsdata-2026-2027.pdf',
    draw: async () => schoolYearPdf(),
  },
  ...icons.map((icon) => ({
    title: icon.title,
    alt: icon.alt,
    categoryId: icon.categoryId,
    fileName: icon.fileName,
    draw: () => render(svg(256, 256, icon.body), 'png'),
  })),
  ...[...readingPagePictures, ...banners].map((banner) => ({
    title: banner.title,
    alt: banner.alt,
    categoryId: ids.mediaCategoryDefault,
    fileName: banner.fileName,
    draw: () => render(svg(1200, 630, banner.body), banner.output),
  })),
];

/** Uploads the demo library in the name of the given administrator. */
export async function seedDemoMedia(db: Database, storage: MediaStorage, uploaderId: number) {
  for (const item of demoMedia) {
    await uploadMedia(
      db,
      storage,
      { user: { id: uploaderId } },
      { title: item.title, description: item.alt, categoryId: item.categoryId },
      { fileName: item.fileName, data: await item.draw() },
    );
  }
}
