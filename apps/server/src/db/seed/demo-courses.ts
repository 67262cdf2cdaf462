import {
  defaultVideoEmbedOrigins,
  postInput,
  swedishCalendarDate,
  type AttendeeStatus,
  type AttendeeQuestion,
  type Block,
} from '@skolportalen/shared';
import { setMediaUsages } from '../../modules/media/media-usages.repo';
import { preparePost } from '../../modules/posts/post-values';
import { insertPostRow, refreshFeed, replaceTargets } from '../../modules/posts/post-writes.repo';
import type { Database } from '../client';
import { courseAttendees } from '../schema';
import { recordPostVersions } from '../../modules/posts/post-versions.repo';
import { demoBlocks, demoContext, role, type DemoContext } from './demo-content';
import { swedishWeekdayTime } from './seed-dates';

const day = 24 * 60 * 60 * 1000;

type Blocks = ReturnType<typeof demoBlocks>;

interface DemoAttendee {
  /** A demo username, or an external person. */
  who: string | { name: string; email: string; organisation: string };
  status: AttendeeStatus;
  answers?: string[];
}

interface DemoCourse {
  title: string;
  excerpt: string;
  text: string;
  /** Blocks after the text: pictures, the programme, tools. */
  content?: (ctx: DemoContext, b: Blocks) => Block[];
  author: string;
  /** Co-organisers who may edit the course and see its attendees. */
  editors?: string[];
  groups: string[];
  categories: number[];
  status?: 'publish' | 'draft';
  /** Days from the seeding day (moved on to Monday from a weekend), and the Swedish clock times. */
  inDays: number;
  from: [number, number];
  to: [number, number];
  /** Days before the start when cancelling closes; none: until the start. */
  cancelDaysBefore?: number;
  place: string;
  places: number;
  bookable?: boolean;
  questions?: AttendeeQuestion[];
  attendees: DemoAttendee[];
}

const schoolQuestion = { title: 'Vilken skola arbetar du på?', required: true };
const dietQuestion = { title: 'Specialkost eller allergier', required: false };

export const demoCourses: DemoCourse[] = [
  {
    title: 'Digitala verktyg i klassrummet',
    excerpt:
      'En eftermiddag om hur du använder Classroom, Skolportalen och delade dokument i undervisningen.',
    text: '<p>Vi går igenom uppgifter i Classroom, delade dokument och hur du når eleverna via Skolportalen. Ta med din dator.</p>',
    content: ({ pictures, toolIds }, b) => [
      ...b.picture(
        pictures.get('Bärbar dator i klassrum'),
        'Varje pass börjar med en genomgång och fortsätter med egna övningar.',
      ),
      b.heading('Eftermiddagens program', 2),
      b.table('Tider och pass', 'Tid | Pass | Vad du gör', [
        '13.00 | Välkommen | Kaffe och en överblick över skolans verktyg',
        '13.15 | Classroom | Lägga upp en uppgift och ge återkoppling',
        '14.15 | Delade dokument | Skriva tillsammans med eleverna i Drive',
        '15.00 | Skolportalen | Nå elever och vårdnadshavare med nyheter',
        '15.45 | Avslutning | Frågor och utvärdering',
      ]),
      b.row([
        b.col(6, [
          b.heading('Förbered dig', 2),
          b.html(
            '<ul><li>Ta med en laddad dator.</li><li>Logga in i Classroom och Drive innan kursen.</li><li>Tänk ut en uppgift du vill göra digital.</li></ul>',
          ),
        ]),
        b.col(6, [
          ...b.picture(
            pictures.get('Surfplattor på bänkarna'),
            'Vi provar också uppgifter för elevernas surfplattor.',
          ),
        ]),
      ]),
      b.html('<p>Verktygen vi använder under eftermiddagen:</p>'),
      b.tools(['Google Classroom', 'Google Drive', 'Digitala läromedel'], toolIds),
    ],
    author: 'lars.berglund',
    groups: ['kommun'],
    categories: [role.teacher, role.employee],
    inDays: 10,
    from: [13, 0],
    to: [16, 0],
    cancelDaysBefore: 3,
    place: 'Lindängsskolan, aulan',
    places: 24,
    questions: [schoolQuestion, dietQuestion],
    attendees: [
      { who: 'anna.larsson', status: 'approved', answers: ['Ekbackens skola', ''] },
      { who: 'johan.berg', status: 'approved', answers: ['Lindängsskolan', 'Vegetarisk'] },
      { who: 'fatima.ali', status: 'pending', answers: ['Norrby gymnasium', ''] },
      {
        who: {
          name: 'Karin Lund',
          email: 'karin.lund@solkusten.se',
          organisation: 'Friskolan Solkusten',
        },
        status: 'approved',
        answers: ['Friskolan Solkusten', 'Glutenfritt'],
      },
    ],
  },
  {
    title: 'Första hjälpen – grundkurs',
    excerpt:
      'Hjärt-lungräddning och första hjälpen för all personal. Kursen är fullbokad, ställ dig gärna på reservlistan.',
    text: '<p>Instruktörer från räddningstjänsten lär ut hjärt-lungräddning, stabilt sidoläge och hur du hanterar vanliga olyckor i skolmiljö.</p>',
    author: 'eva.andersson',
    groups: ['kommun'],
    categories: [role.teacher, role.employee],
    inDays: 14,
    from: [8, 30],
    to: [12, 0],
    cancelDaysBefore: 2,
    place: 'Stadshuset, konferensrum Ekeby',
    places: 4,
    questions: [dietQuestion],
    attendees: [
      { who: 'anna.larsson', status: 'approved' },
      { who: 'johan.berg', status: 'approved' },
      { who: 'fatima.ali', status: 'approved' },
      { who: 'lars.berglund', status: 'approved' },
      { who: 'kim.karlsson', status: 'reserve' },
    ],
  },
  {
    title: 'Trygg på nätet – föräldrakväll',
    excerpt:
      'Om barns och ungas liv på nätet: spel, sociala medier och hur du pratar med ditt barn.',
    text: '<p>Skolkurator och polisens ungdomsgrupp berättar om vad barn möter på nätet och svarar på frågor. Fika serveras.</p>',
    author: 'lars.berglund',
    groups: ['kommun'],
    categories: [role.caretaker],
    inDays: 21,
    from: [18, 0],
    to: [19, 30],
    place: 'Ekbackens skola, matsalen',
    places: 60,
    attendees: [{ who: 'karin.nilsson', status: 'approved' }],
  },
  {
    title: 'Betyg och bedömning i praktiken',
    excerpt: 'Sambedömning av elevarbeten i årskurs 7–9. Sista dag för avbokning har passerat.',
    text: '<p>Vi bedömer elevarbeten tillsammans och stämmer av mot kunskapskraven.</p>',
    author: 'lars.berglund',
    // Johan leads the session, so he sees the attendee list; Hanna's protected identity shows there.
    editors: ['johan.berg'],
    groups: ['lindang'],
    categories: [role.teacher],
    inDays: 3,
    from: [15, 0],
    to: [17, 0],
    cancelDaysBefore: 4,
    place: 'Lindängsskolan, personalrummet',
    places: 15,
    attendees: [
      { who: 'johan.berg', status: 'approved' },
      { who: 'hanna.strand', status: 'approved' },
    ],
  },
  {
    title: 'Läslyftet – uppstartsträff',
    excerpt: 'Uppstart för Läslyftet med handledarna.',
    text: '<p>Handledarna presenterade upplägget för läsåret.</p>',
    author: 'eva.andersson',
    groups: ['kommun'],
    categories: [role.teacher],
    status: 'draft',
    inDays: -20,
    from: [14, 0],
    to: [16, 0],
    place: 'Stadsbiblioteket',
    places: 30,
    bookable: false,
    attendees: [{ who: 'anna.larsson', status: 'approved' }],
  },
];

/**
 * Seeds the demo courses and their attendees through the post checks (the
 * course rules included), in one transaction, relative to the seeding day.
 */
export async function seedDemoCourses(
  db: Database,
  nodeByRef: Map<string, number>,
  userIds: Map<string, number>,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const context = await demoContext(tx);
    for (const [courseIndex, demo] of demoCourses.entries()) {
      const start = swedishWeekdayTime(now, demo.inDays, ...demo.from);
      const end = swedishWeekdayTime(now, demo.inDays, ...demo.to);
      const cancel =
        demo.cancelDaysBefore === undefined
          ? null
          : new Date(start.getTime() - demo.cancelDaysBefore * day);
      const values = postInput.parse({
        type: 'course',
        title: demo.title,
        excerpt: demo.excerpt,
        status: demo.status ?? 'publish',
        nodeIds: demo.groups.map((ref) => (ref === 'kommun' ? 1 : nodeByRef.get(ref)!)),
        categoryIds: demo.categories,
        publishedDate: new Date(now.getTime() - 30 * day).toISOString(),
        courseDate: swedishCalendarDate(start),
        content: [
          {
            id: `demo-course-${courseIndex + 1}`,
            type: 'html',
            version: 1,
            props: { html: demo.text },
            children: [],
          },
          ...(demo.content?.(context, demoBlocks(`demo-course-${courseIndex + 1}`)) ?? []),
        ],
        course: {
          startDate: start.toISOString(),
          endDate: end.toISOString(),
          cancellationDate: cancel?.toISOString() ?? null,
          place: demo.place,
          numberOfAttendees: demo.places,
          bookable: demo.bookable ?? true,
          attendeeInformation: demo.questions ?? [],
        },
      });
      const prepared = await preparePost(tx, values, undefined, {
        now,
        siteOrigin: 'http://localhost',
        videoEmbedOrigins: defaultVideoEmbedOrigins,
        authorId: userIds.get(demo.author)!,
      });
      const row = await insertPostRow(tx, prepared.columns);
      await replaceTargets(tx, row.id, 'nodes', values.nodeIds);
      await replaceTargets(tx, row.id, 'categories', values.categoryIds);
      await replaceTargets(
        tx,
        row.id,
        'editors',
        (demo.editors ?? []).map((name) => userIds.get(name)!),
      );
      await setMediaUsages(tx, { type: 'post', id: row.id }, prepared.usedMediaIds);
      // As every write of a post does: who a published course reaches is read from the feed rows.
      await refreshFeed(tx, [row.id]);
      await recordPostVersions(tx, [row.id], {
        at: now,
        by: userIds.get(demo.author)!,
        event: 'created',
      });
      const questions = demo.questions ?? [];
      for (const [index, attendee] of demo.attendees.entries()) {
        const external = typeof attendee.who === 'string' ? null : attendee.who;
        const bookedAt = new Date(now.getTime() - (20 - index) * day);
        await tx.insert(courseAttendees).values({
          postId: row.id,
          userId: external ? null : userIds.get(attendee.who as string)!,
          externalName: external?.name ?? null,
          externalEmail: external?.email ?? null,
          externalOrganisation: external?.organisation ?? null,
          status: attendee.status,
          answers: questions.map((question, n) => ({
            question: question.title,
            answer: attendee.answers?.[n] ?? '',
          })),
          bookedBy: external ? userIds.get(demo.author)! : null,
          queuedAt: bookedAt,
          createdAt: bookedAt,
          updatedAt: bookedAt,
        });
      }
    }
  });
}
