import {
  favoriteInput,
  groupTemplateInput,
  ids,
  linkInput,
  type LinkInput,
} from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { setMediaUsages } from '../../modules/media/media-usages.repo';
import type { Database, Transaction } from '../client';
import {
  favorites,
  media,
  groupTemplateNodes,
  groupTemplates,
  linkCategories,
  linkNodes,
  links,
} from '../schema';

const day = 24 * 60 * 60 * 1000;
const everySchool = ['ekbacken', 'lindang', 'norrby'];
const municipality = ['kommun'];
/** Role categories of the base data. */
const role = { teacher: 3, student: 4, caretaker: 5, employee: 6 } as const;

interface DemoTool extends Omit<LinkInput, 'nodeIds' | 'categoryIds'> {
  /** Group references as in demo-data.ts; "kommun" is the municipality. */
  groups: string[];
  roles: (keyof typeof role)[];
  /** Age in days: tools younger than 30 days are shown as new. */
  ageDays: number;
}

/** The demo municipality's tools, the way a Swedish school portal's "Inkastare" looks. */
export const demoTools: DemoTool[] = [
  {
    name: 'Schema',
    shortDescription: 'Dina lektioner och salar',
    longDescription:
      'Se veckans lektioner, salar och lärare. Schemat uppdateras direkt när något ändras.',
    url: 'https://schema.exempelby.se',
    linkSort: 10,
    groups: everySchool,
    roles: ['teacher', 'student'],
    ageDays: 400,
  },
  {
    name: 'Frånvaro',
    shortDescription: 'Anmäl och följ frånvaro',
    longDescription:
      'Vårdnadshavare anmäler frånvaro för sina barn och lärare registrerar närvaro på lektionerna.',
    url: 'https://franvaro.exempelby.se',
    linkSort: 20,
    groups: [...everySchool, ...municipality],
    roles: ['teacher', 'caretaker'],
    ageDays: 400,
  },
  {
    name: 'Matsedel',
    shortDescription: 'Veckans lunch i skolan',
    longDescription:
      'Veckans matsedel för skolrestaurangerna, med specialkost och information om allergener.',
    url: 'https://matsedel.exempelby.se',
    linkSort: 30,
    groups: municipality,
    roles: ['teacher', 'student', 'caretaker', 'employee'],
    ageDays: 6,
  },
  {
    name: 'Google Classroom',
    shortDescription: 'Uppgifter och klassrum',
    longDescription:
      'Lärare delar uppgifter och material, elever lämnar in och får återkoppling i sina klassrum.',
    url: 'https://classroom.google.com/',
    type: 'google-tool',
    linkSort: 40,
    groups: ['lindang', 'norrby'],
    roles: ['teacher', 'student'],
    ageDays: 300,
  },
  {
    name: 'Google Drive',
    shortDescription: 'Dina dokument i molnet',
    longDescription:
      'Skapa, spara och dela dokument, kalkylark och presentationer med klasskamrater och kollegor.',
    url: 'https://drive.google.com/',
    type: 'google-tool',
    linkSort: 50,
    groups: municipality,
    roles: ['teacher', 'student', 'employee'],
    ageDays: 300,
  },
  {
    name: 'Betyg och omdömen',
    shortDescription: 'Sätt betyg och skriv omdömen',
    longDescription: 'Registrera betyg, skriftliga omdömen och stödanteckningar för dina elever.',
    url: 'https://betyg.exempelby.se',
    linkSort: 60,
    groups: everySchool,
    roles: ['teacher'],
    ageDays: 500,
  },
  {
    name: 'Ledighetsansökan',
    shortDescription: 'Ansök om ledighet för ditt barn',
    longDescription: 'Ansök om ledighet för ditt barn och följ beslutet från rektor.',
    url: 'https://ledighet.exempelby.se',
    linkSort: 70,
    groups: municipality,
    roles: ['caretaker'],
    ageDays: 12,
  },
  {
    name: 'Personalportalen',
    shortDescription: 'Lön, semester och förmåner',
    longDescription:
      'Se din lönespecifikation, ansök om semester och hitta information om förmåner för anställda.',
    url: 'https://personal.exempelby.se',
    linkSort: 80,
    groups: municipality,
    roles: ['teacher', 'employee'],
    ageDays: 600,
  },
  {
    name: 'Elevens val',
    shortDescription: 'Välj kurser för nästa termin',
    longDescription:
      'Gör dina val av kurser inför nästa termin och se vilka kurser som erbjuds på din skola.',
    url: 'https://elevensval.exempelby.se',
    linkSort: 90,
    groups: ['lindang'],
    roles: ['student'],
    ageDays: 9,
  },
  {
    name: 'Bibliotekskatalog',
    shortDescription: 'Sök och låna böcker',
    longDescription:
      'Sök i skolbibliotekens och stadsbibliotekets katalog, reservera böcker och se dina lån.',
    url: 'https://bibliotek.exempelby.se',
    linkSort: 100,
    optional: true,
    groups: municipality,
    roles: ['teacher', 'student'],
    ageDays: 200,
  },
  {
    name: 'Digitala läromedel',
    shortDescription: 'Läromedel för dina kurser',
    longDescription:
      'Öppna de digitala läromedel som skolan har licenser för, direkt med ditt skolkonto.',
    url: 'https://laromedel.exempelby.se',
    linkSort: 110,
    optional: true,
    groups: everySchool,
    roles: ['teacher', 'student'],
    ageDays: 3,
  },
  {
    name: 'IT-support',
    shortDescription: 'Hjälp med dator och konton',
    longDescription:
      'Anmäl fel på datorer och skrivare, eller få hjälp med konton och lösenord till skolans system.',
    url: 'https://support.exempelby.se',
    linkSort: 120,
    optional: true,
    groups: municipality,
    roles: ['teacher', 'employee'],
    ageDays: 180,
  },
  {
    name: 'Skolskjuts',
    shortDescription: 'Resor till och från skolan',
    longDescription:
      'Ansök om skolskjuts och se turlistor för ditt barns resor till och från skolan.',
    url: 'https://skolskjuts.exempelby.se',
    linkSort: 130,
    optional: true,
    groups: municipality,
    roles: ['caretaker'],
    ageDays: 250,
  },
  {
    name: 'Google Dokument',
    shortDescription: 'Skriv och samarbeta',
    longDescription:
      'Skriv texter tillsammans i realtid och lämna kommentarer till varandra direkt i dokumenten.',
    url: 'https://docs.google.com/',
    type: 'google-tool',
    linkSort: 140,
    optional: true,
    groups: ['norrby'],
    roles: ['teacher', 'student'],
    ageDays: 100,
  },
];

const demoFavorites = [
  {
    name: 'Skolverket – läroplaner',
    url: 'https://www.skolverket.se/undervisning/grundskolan/laroplan-och-kursplaner-for-grundskolan',
  },
  { name: 'UR Play', url: 'https://urplay.se' },
  { name: 'NCM – Nämnaren', url: 'https://ncm.gu.se/namnaren' },
  { name: 'Kommunens intranät', url: 'https://intranat.exempelby.se' },
];

const demoGroupTemplates = [
  {
    name: 'Mina grupper i 3A',
    groups: ['ekbacken/3A', 'ekbacken/Matematik 3A', 'ekbacken/Svenska 3A'],
  },
  { name: 'Årskurs 3 på Ekbacken', groups: ['ekbacken/3A', 'ekbacken/3B'] },
];

function nodeIdsOf(refs: readonly string[], nodeByRef: Map<string, number>): number[] {
  return refs.map((ref) => {
    if (ref === 'kommun') return ids.municipalityNodeId;
    const nodeId = nodeByRef.get(ref);
    if (nodeId === undefined) throw new Error(`Demo tools: unknown group ${ref}`);
    return nodeId;
  });
}

/** Tools for every role, and the demo teacher's favourites and favourite target groups. */
export async function seedDemoTools(
  tx: Transaction,
  nodeByRef: Map<string, number>,
  userIds: Map<string, number>,
) {
  const now = Date.now();
  const admin = userIds.get('eva.andersson')!;
  for (const tool of demoTools) {
    // The same checks as the API, so the demo never holds a tool the portal would refuse;
    // all but the icon, which comes with the media library (attachDemoToolIcons).
    const { groups, roles, ageDays, ...fields } = tool;
    const values = linkInput.omit({ mediaId: true }).parse({
      ...fields,
      nodeIds: nodeIdsOf(groups, nodeByRef),
      categoryIds: roles.map((key) => role[key]),
    });
    const created = new Date(now - ageDays * day);
    const { nodeIds, categoryIds, ...columns } = values;
    const [row] = await tx
      .insert(links)
      .values({ ...columns, createdBy: admin, createdAt: created, updatedAt: created })
      .returning({ id: links.id });
    await tx.insert(linkNodes).values(nodeIds.map((nodeId) => ({ linkId: row!.id, nodeId })));
    await tx
      .insert(linkCategories)
      .values(categoryIds.map((categoryId) => ({ linkId: row!.id, categoryId })));
  }

  const teacher = userIds.get('anna.larsson')!;
  await tx.insert(favorites).values(
    demoFavorites.map((favorite, index) => {
      const values = favoriteInput.parse(favorite);
      return {
        userId: teacher,
        name: values.name ?? values.url,
        url: values.url,
        sort: demoFavorites.length - index,
      };
    }),
  );
  for (const template of demoGroupTemplates) {
    const values = groupTemplateInput.parse({
      name: template.name,
      nodeIds: nodeIdsOf(template.groups, nodeByRef),
    });
    const [row] = await tx
      .insert(groupTemplates)
      .values({ userId: teacher, name: values.name })
      .returning({ id: groupTemplates.id });
    await tx
      .insert(groupTemplateNodes)
      .values(values.nodeIds.map((nodeId) => ({ templateId: row!.id, nodeId })));
  }
}

/** Demo tools with an icon from the demo library (by media title); the rest show their initial. */
const demoToolIcons: Record<string, string> = {
  Schema: 'Schema',
  Frånvaro: 'Kalender',
  'IT-support': 'Meddelanden',
  Bibliotekskatalog: 'Bibliotekskatalog',
  'Google Dokument': 'Google Dokument',
};

/** Gives demo tools their icons once the demo media library exists, recording the usages. */
export async function attachDemoToolIcons(db: Database) {
  await db.transaction(async (tx) => {
    for (const [toolName, mediaTitle] of Object.entries(demoToolIcons)) {
      const [icon] = await tx.select().from(media).where(eq(media.title, mediaTitle));
      const [tool] = await tx.select({ id: links.id }).from(links).where(eq(links.name, toolName));
      if (!icon || !tool) throw new Error(`Demo tool icons: ${toolName} or ${mediaTitle} missing`);
      await tx
        .update(links)
        .set({ mediaId: icon.id, icon: icon.filename })
        .where(eq(links.id, tool.id));
      await setMediaUsages(tx, { type: 'link', id: tool.id }, [icon.id]);
    }
  });
}
