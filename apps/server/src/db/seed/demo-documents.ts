import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { DocumentStorage } from '../../modules/documents/storage';
import type { Database } from '../client';
import {
  documentNodes,
  documentSiteAccess,
  documentSites,
  documentVersions,
  nodes,
  users,
} from '../schema';
import { demoSchools } from './demo-data';

/** A one-page PDF with real text; offsets are counted so readers accept the file. */
export function textPdf(lines: string[]) {
  const escape = (text: string) =>
    text
      .replace(/[\\()]/g, (c) => `\\${c}`)
      .replace(/[^\x20-\x7e]/g, (c) => {
        // WinAnsi covers the Swedish letters; octal escapes keep the file ASCII.
        const code = c.charCodeAt(0);
        return code <= 0xff ? `\\${code.toString(8).padStart(3, '0')}` : '?';
      });
  const text = lines
    .map(
      (line, index) =>
        `BT /F1 ${index === 0 ? 18 : 12} Tf 72 ${760 - index * 24} Td (${escape(line)}) Tj ET`,
    )
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

interface DemoFile {
  name: string;
  mimeType: string;
  bytes: Buffer;
}
interface DemoFolder {
  name: string;
  files: DemoFile[];
}

function schoolFolders(schoolName: string): DemoFolder[] {
  return [
    {
      name: 'Planering',
      files: [
        {
          name: 'Läsårsplanering 2026-2027.pdf',
          mimeType: 'application/pdf',
          bytes: textPdf([
            `Läsårsplanering 2026/2027 – ${schoolName}`,
            'Höstterminen: 17 augusti – 18 december',
            'Vårterminen: 8 januari – 11 juni',
            'Studiedagar: 28 september, 2 november, 15 mars',
          ]),
        },
        {
          name: 'Möten hösten.txt',
          mimeType: 'text/plain',
          bytes: Buffer.from(
            `Arbetsplatsträffar ${schoolName}\n\n1 september kl. 15.00\n6 oktober kl. 15.00\n3 november kl. 15.00\n`,
          ),
        },
      ],
    },
    {
      name: 'Mallar',
      files: [
        {
          name: 'Närvarolista.csv',
          mimeType: 'text/csv',
          bytes: Buffer.from('Datum;Namn;Närvarande;Kommentar\n2026-08-17;;;\n2026-08-18;;;\n'),
        },
      ],
    },
  ];
}

const administrationFolders: DemoFolder[] = [
  {
    name: 'Styrdokument',
    files: [
      {
        name: 'Skolplan 2026.pdf',
        mimeType: 'application/pdf',
        bytes: textPdf([
          'Skolplan 2026 – Exempelby kommun',
          'Alla elever ska nå målen i varje ämne.',
          'Tryggheten i skolan ska öka varje år.',
          'Beslutad av barn- och utbildningsnämnden.',
        ]),
      },
    ],
  },
  {
    name: 'Blanketter',
    files: [
      {
        name: 'Ansökan om ledighet.txt',
        mimeType: 'text/plain',
        bytes: Buffer.from(
          'Ansökan om ledighet för elev\n\nElevens namn:\nKlass:\nDatum för ledigheten:\nSkäl:\nVårdnadshavarens underskrift:\n',
        ),
      },
    ],
  },
];

/** Fixed guids so links and tests stay the same across seeds. */
const guidOf = (seed: string) => {
  const hex = createHash('sha256').update(`demo-document:${seed}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
export const demoDocumentGuid = guidOf;

/**
 * Document sites of the demo: one per school (its members add content) and one for the
 * administration that every teacher and employee reads. Expects the demo municipality.
 */
export async function seedDemoDocuments(db: Database, storage: DocumentStorage) {
  const schoolNodes = await db
    .select({ id: nodes.id, externalId: nodes.externalId })
    .from(nodes)
    .where(
      inArray(nodes.externalId, [...demoSchools.map((s) => `demo-${s.key}`), 'demo-forvaltning']),
    );
  const nodeByKey = new Map(schoolNodes.map((row) => [row.externalId, row.id]));
  const [author] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'eva.andersson'));
  const authorId = author?.id ?? null;
  const sites = [
    ...demoSchools.map((school) => ({
      key: `skola-${school.key}`,
      title: school.name,
      description: `Gemensamma dokument för personalen på ${school.name}.`,
      access: [{ nodeId: nodeByKey.get(`demo-${school.key}`), categoryId: null, canWrite: true }],
      folders: schoolFolders(school.name),
    })),
    {
      key: 'utbildningsforvaltningen',
      title: 'Utbildningsförvaltningen',
      description: 'Styrdokument och blanketter från förvaltningen.',
      access: [
        { nodeId: nodeByKey.get('demo-forvaltning'), categoryId: null, canWrite: true },
        // Every teacher and employee reads the administration's documents.
        { nodeId: null, categoryId: 3, canWrite: false },
        { nodeId: null, categoryId: 6, canWrite: false },
      ],
      folders: administrationFolders,
    },
  ];
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      for (const site of sites) {
        const [row] = await tx
          .insert(documentSites)
          .values({ key: site.key, title: site.title, description: site.description })
          .returning({ id: documentSites.id });
        const siteId = row!.id;
        await tx.insert(documentSiteAccess).values(
          site.access
            .filter((rule) => rule.nodeId !== undefined)
            .map((rule) => ({
              siteId,
              nodeId: rule.nodeId ?? null,
              categoryId: rule.categoryId,
              canWrite: rule.canWrite,
            })),
        );
        const common = { siteId, createdBy: authorId, modifiedBy: authorId };
        const [rootRow] = await tx
          .insert(documentNodes)
          .values({ ...common, guid: guidOf(site.key), kind: 'folder', name: site.title })
          .returning({ id: documentNodes.id });
        for (const folder of site.folders) {
          const [folderRow] = await tx
            .insert(documentNodes)
            .values({
              ...common,
              guid: guidOf(`${site.key}/${folder.name}`),
              parentId: rootRow!.id,
              kind: 'folder',
              name: folder.name,
            })
            .returning({ id: documentNodes.id });
          for (const file of folder.files) {
            const storageKey = await storage.put(file.bytes);
            written.push(storageKey);
            const [fileRow] = await tx
              .insert(documentNodes)
              .values({
                ...common,
                guid: guidOf(`${site.key}/${folder.name}/${file.name}`),
                parentId: folderRow!.id,
                kind: 'document',
                name: file.name,
                mimeType: file.mimeType,
                size: file.bytes.length,
              })
              .returning({ id: documentNodes.id });
            await tx.insert(documentVersions).values({
              nodeId: fileRow!.id,
              label: '1.0',
              storageKey,
              mimeType: file.mimeType,
              size: file.bytes.length,
              sha256: createHash('sha256').update(file.bytes).digest('hex'),
              createdBy: authorId,
            });
          }
        }
      }
    });
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}
