/**
 * The pictures of the demo reading pages (issue 32): drawn as SVG and
 * rendered by the seed, so the same bytes come out every time.
 */
export type PictureOutput = 'png' | 'jpeg' | 'gif';

export interface DemoPicture {
  title: string;
  alt: string;
  fileName: string;
  output: PictureOutput;
  /** SVG body of a 1200 × 630 picture. */
  body: string;
}

export const sky = (top: string, bottom: string) =>
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#sky)"/>`;

const range = (n: number) => Array.from({ length: n }, (_, index) => index);

/** Flakes spread evenly but not in rows: a fixed pattern, not chance. */
const snow = (count: number, size: number) =>
  range(count)
    .map((index) => {
      const x = (index * 389 + index * index * 7) % 1200;
      const y = (index * 151 + index * index * 3) % 630;
      const r = size * (0.6 + ((index * 13) % 10) / 20);
      return `<circle cx="${x}" cy="${y}" r="${r.toFixed(1)}" fill="#ffffff" opacity="0.85"/>`;
    })
    .join('');

const museum =
  sky('#7fb8e6', '#e3f1fb') +
  '<rect y="500" width="1200" height="130" fill="#6aa85b"/>' +
  '<rect x="230" y="250" width="740" height="250" fill="#e8dcc4"/>' +
  '<polygon points="200,250 600,120 1000,250" fill="#d7c7a6"/><polygon points="260,240 600,140 940,240" fill="#e8dcc4"/>' +
  range(8)
    .map(
      (index) =>
        `<rect x="${270 + index * 88}" y="270" width="34" height="200" fill="#f6efe0"/><rect x="${262 + index * 88}" y="262" width="50" height="12" fill="#cdbb96"/>`,
    )
    .join('') +
  '<rect x="545" y="380" width="110" height="120" fill="#5b4636"/>' +
  range(4)
    .map(
      (step) =>
        `<rect x="${200 - step * 20}" y="${500 + step * 14}" width="${800 + step * 40}" height="14" fill="#c9bda6"/>`,
    )
    .join('') +
  '<circle cx="110" cy="430" r="70" fill="#3f7d3a"/><rect x="100" y="440" width="20" height="80" fill="#6b4226"/>' +
  '<circle cx="1090" cy="420" r="80" fill="#4c8c44"/><rect x="1080" y="430" width="20" height="90" fill="#6b4226"/>';

const skeleton =
  '<rect width="1200" height="630" fill="#2b2f3a"/>' +
  '<ellipse cx="600" cy="600" rx="560" ry="60" fill="#3c4250"/>' +
  '<polygon points="450,0 750,0 1000,630 200,630" fill="#fff8dc" opacity="0.08"/>' +
  // Spine from tail to neck, ribs below it, skull at the end.
  range(22)
    .map((index) => {
      const x = 180 + index * 30;
      const y = 330 - Math.sin((index / 21) * Math.PI) * 90 - (index > 15 ? (index - 15) * 26 : 0);
      const rib =
        index > 5 && index < 15
          ? `<path d="M${x} ${y + 8} q 10 70 -6 120" stroke="#efe6d2" stroke-width="7" fill="none"/>`
          : '';
      return `<circle cx="${x}" cy="${y.toFixed(0)}" r="11" fill="#efe6d2"/>${rib}`;
    })
    .join('') +
  '<ellipse cx="850" cy="100" rx="52" ry="30" fill="#efe6d2"/><circle cx="868" cy="92" r="7" fill="#2b2f3a"/>' +
  [
    [330, 290],
    [420, 270],
    [560, 270],
    [650, 290],
  ]
    .map(
      ([x, top]) =>
        `<path d="M${x} ${top} L${x! + 24} ${top! + 150} L${x! - 6} 580" stroke="#efe6d2" stroke-width="14" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    )
    .join('') +
  '<rect x="250" y="580" width="480" height="16" fill="#8a8f99"/>';

const readingCorner =
  '<rect width="1200" height="630" fill="#f3e3c3"/>' +
  '<rect x="80" y="70" width="300" height="260" fill="#bfe0f2" stroke="#ffffff" stroke-width="16"/><line x1="230" y1="70" x2="230" y2="330" stroke="#ffffff" stroke-width="10"/>' +
  '<rect y="500" width="1200" height="130" fill="#b9875a"/>' +
  '<ellipse cx="560" cy="560" rx="330" ry="50" fill="#d1495b"/><ellipse cx="560" cy="560" rx="250" ry="34" fill="#edae49"/>' +
  '<rect x="420" y="330" width="300" height="170" rx="40" fill="#00798c"/><rect x="380" y="380" width="70" height="150" rx="30" fill="#006474"/><rect x="690" y="380" width="70" height="150" rx="30" fill="#006474"/><rect x="450" y="420" width="240" height="80" rx="20" fill="#0a8ea2"/>' +
  '<line x1="900" y1="140" x2="900" y2="520" stroke="#3d405b" stroke-width="10"/><polygon points="840,150 960,150 930,80 870,80" fill="#f2cc8f"/>' +
  '<rect x="990" y="200" width="170" height="320" fill="#8a5a3c"/>' +
  range(3)
    .map((shelf) =>
      range(6)
        .map((book) => {
          const colours = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#2a6f97', '#b56576'];
          const height = 60 + ((book * 17 + shelf * 7) % 30);
          return `<rect x="${1002 + book * 25}" y="${300 + shelf * 100 - height}" width="20" height="${height}" fill="${colours[(book + shelf) % 6]}"/>`;
        })
        .join(''),
    )
    .join('');

const busInSnow =
  sky('#8d99a6', '#d5dde4') +
  '<rect y="430" width="1200" height="200" fill="#f4f7fa"/><rect y="470" width="1200" height="70" fill="#c3ccd4"/>' +
  '<rect x="300" y="250" width="600" height="220" rx="26" fill="#f2b705"/><rect x="300" y="400" width="600" height="26" fill="#222222"/>' +
  range(5)
    .map(
      (index) =>
        `<rect x="${330 + index * 100}" y="280" width="80" height="80" rx="8" fill="#cfe6f5"/>`,
    )
    .join('') +
  '<rect x="830" y="280" width="50" height="150" rx="6" fill="#cfe6f5"/>' +
  '<circle cx="410" cy="480" r="42" fill="#2f2f2f"/><circle cx="410" cy="480" r="16" fill="#9a9a9a"/><circle cx="780" cy="480" r="42" fill="#2f2f2f"/><circle cx="780" cy="480" r="16" fill="#9a9a9a"/>' +
  '<circle cx="885" cy="440" r="12" fill="#fff6c2"/><polygon points="897,432 1200,380 1200,520 897,448" fill="#fff6c2" opacity="0.35"/>' +
  '<rect x="320" y="230" width="560" height="22" rx="10" fill="#ffffff"/>' +
  snow(160, 5);

const snowPlough =
  sky('#a7b6c4', '#e6ecf1') +
  '<rect x="60" y="230" width="360" height="200" fill="#b5533c"/><polygon points="40,230 240,130 440,230" fill="#5c5f66"/>' +
  range(3)
    .map(
      (index) => `<rect x="${100 + index * 110}" y="280" width="70" height="60" fill="#f3e9c8"/>`,
    )
    .join('') +
  '<rect y="420" width="1200" height="210" fill="#f6f8fa"/><rect y="460" width="1200" height="90" fill="#b8c2cc"/>' +
  '<ellipse cx="150" cy="470" rx="190" ry="40" fill="#ffffff"/>' +
  '<rect x="620" y="320" width="330" height="150" rx="14" fill="#e8761b"/><rect x="860" y="260" width="150" height="150" rx="14" fill="#e8761b"/><rect x="880" y="280" width="100" height="70" rx="6" fill="#cfe6f5"/>' +
  '<rect x="920" y="236" width="50" height="24" rx="6" fill="#f2b705"/>' +
  '<polygon points="1020,360 1130,330 1150,500 1030,480" fill="#4a4e57"/>' +
  '<circle cx="690" cy="490" r="38" fill="#2f2f2f"/><circle cx="900" cy="490" r="38" fill="#2f2f2f"/>' +
  '<ellipse cx="1150" cy="500" rx="90" ry="36" fill="#ffffff"/>' +
  snow(90, 4);

const laptop =
  '<rect width="1200" height="630" fill="#dfe7ec"/>' +
  '<rect x="150" y="60" width="900" height="300" fill="#ffffff" stroke="#9aa5ad" stroke-width="12"/>' +
  '<path d="M220 140 q 60 -40 120 0 t 120 0" stroke="#2a6f97" stroke-width="8" fill="none"/><line x1="220" y1="220" x2="520" y2="220" stroke="#d1495b" stroke-width="8"/><line x1="620" y1="150" x2="960" y2="150" stroke="#3f8f4f" stroke-width="8"/><line x1="620" y1="210" x2="900" y2="210" stroke="#3f8f4f" stroke-width="8"/>' +
  '<rect y="420" width="1200" height="210" fill="#c8a27a"/>' +
  '<rect x="380" y="250" width="440" height="270" rx="14" fill="#33373f"/><rect x="400" y="270" width="400" height="230" fill="#f7fbff"/>' +
  '<rect x="400" y="270" width="400" height="36" fill="#0f9d58"/>' +
  range(3)
    .map(
      (row) =>
        `<rect x="420" y="${322 + row * 58}" width="110" height="44" rx="6" fill="#e3f2ea"/><rect x="545" y="${330 + row * 58}" width="230" height="10" fill="#9aa5ad"/><rect x="545" y="${348 + row * 58}" width="170" height="10" fill="#c3ccd4"/>`,
    )
    .join('') +
  '<polygon points="340,520 860,520 900,560 300,560" fill="#4a4e57"/>' +
  '<rect x="940" y="470" width="24" height="110" rx="4" fill="#edae49" transform="rotate(35 952 525)"/>';

const tablets =
  '<rect width="1200" height="630" fill="#e9dcc9"/>' +
  range(2)
    .map((row) =>
      range(3)
        .map((column) => {
          const x = 70 + column * 380;
          const y = 50 + row * 300;
          const screen = ['#2a6f97', '#81b29a', '#e07a5f'][(row + column) % 3];
          return (
            `<rect x="${x}" y="${y}" width="300" height="240" rx="10" fill="#c8a27a"/>` +
            `<rect x="${x + 50}" y="${y + 40}" width="200" height="150" rx="12" fill="#2f3238"/>` +
            `<rect x="${x + 62}" y="${y + 52}" width="176" height="126" rx="4" fill="${screen}"/>` +
            `<rect x="${x + 80}" y="${y + 75}" width="90" height="12" fill="#ffffff" opacity="0.85"/>` +
            `<rect x="${x + 80}" y="${y + 100}" width="130" height="12" fill="#ffffff" opacity="0.6"/>` +
            `<rect x="${x + 262}" y="${y + 60}" width="12" height="120" rx="4" fill="#d1495b"/>`
          );
        })
        .join(''),
    )
    .join('');

export const readingPagePictures: DemoPicture[] = [
  {
    title: 'Naturhistoriska museet',
    alt: 'Museibyggnad med pelare och breda trappor en solig dag',
    fileName: 'naturhistoriska-museet.jpg',
    output: 'jpeg',
    body: museum,
  },
  {
    title: 'Dinosaurieskelett',
    alt: 'Dinosaurieskelett i en svagt upplyst museisal',
    fileName: 'dinosaurieskelett.png',
    output: 'png',
    body: skeleton,
  },
  {
    title: 'Läshörnan',
    alt: 'Läshörna med fåtölj, golvlampa och en låg bokhylla',
    fileName: 'lashornan.png',
    output: 'png',
    body: readingCorner,
  },
  {
    title: 'Skolbuss i snöoväder',
    alt: 'Gul skolbuss på en snöig väg i yrande snö',
    fileName: 'skolbuss-snoovader.jpg',
    output: 'jpeg',
    body: busInSnow,
  },
  {
    title: 'Plogbil på skolvägen',
    alt: 'Orange plogbil röjer snö på vägen framför skolan',
    fileName: 'plogbil.jpg',
    output: 'jpeg',
    body: snowPlough,
  },
  {
    title: 'Bärbar dator i klassrum',
    alt: 'Bärbar dator på en skolbänk framför whiteboardtavlan',
    fileName: 'dator-i-klassrummet.png',
    output: 'png',
    body: laptop,
  },
  {
    title: 'Surfplattor på bänkarna',
    alt: 'Surfplattor och pennor på elevernas bänkar',
    fileName: 'surfplattor.png',
    output: 'png',
    body: tablets,
  },
];
