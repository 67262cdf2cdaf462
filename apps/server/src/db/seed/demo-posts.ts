import { defaultVideoEmbedOrigins, postInput } from '@skolportalen/shared';
import { setMediaUsages } from '../../modules/media/media-usages.repo';
import { preparePost } from '../../modules/posts/post-values';
import { sourceHashOf } from '../../modules/translations/translation-texts';
import { upsertTranslation } from '../../modules/translations/translations.repo';
import {
  insertPostRow,
  refreshFeed,
  replacePostMedia,
  replaceTargets,
} from '../../modules/posts/post-writes.repo';
import type { Database } from '../client';
import { recordPostVersions } from '../../modules/posts/post-versions.repo';
import { demoBlocks, demoContext, role, type DemoPost, type Picture } from './demo-content';
import { readingPagePosts } from './demo-reading-pages';

const day = 24 * 60 * 60 * 1000;
const everyone = [role.teacher, role.student, role.caretaker, role.employee];
const school = [role.teacher, role.student, role.caretaker];

const blocks = demoBlocks('demo');
const { block, html, heading, col } = blocks;
const image = (picture: Picture | undefined, caption: string, alt: string) =>
  picture ? [block('image', { imgSrc: `/media/${picture.filename}`, caption, alt })] : [];

export const demoPosts: DemoPost[] = [
  {
    type: 'alert',
    title: 'Vattenläcka – Lindängsskolan håller stängt i dag',
    excerpt:
      'En vattenläcka i huvudbyggnaden gör att Lindängsskolan håller stängt i dag. Eleverna har distansundervisning enligt schemat i Classroom.',
    translations: {
      ar: {
        title: 'تسرب مياه – مدرسة ليندانغ مغلقة اليوم',
        excerpt:
          'بسبب تسرب مياه في المبنى الرئيسي، مدرسة ليندانغ مغلقة اليوم. يدرس التلاميذ عن بُعد حسب الجدول في Classroom.',
      },
      so: {
        title: 'Biyo daadasho – Dugsiga Lindäng waa xiran yahay maanta',
        excerpt:
          'Biyo ka daadanaya dhismaha weyn awgeed, dugsiga Lindäng waa xiran yahay maanta. Ardaydu waxay wax ku baranayaan fogaan sida jadwalka Classroom ku qoran.',
      },
    },
    author: 'eva.andersson',
    groups: ['lindang'],
    categories: everyone,
    publishedInDays: 0,
  },
  {
    type: 'info-important',
    title: 'Ny inloggning till Skolportalen från 1 december',
    excerpt:
      'Från den 1 december loggar du in med skolans gemensamma inloggning. Ditt användarnamn är detsamma som i dag.',
    author: 'sven.svensson',
    groups: ['kommun'],
    categories: everyone,
    publishedInDays: -2,
  },
  {
    type: 'info',
    title: 'Studiedag fredag – eleverna är lediga',
    excerpt:
      'Fredag är det studiedag på Ekbackens skola. Eleverna är lediga och fritidshemmet har öppet för anmälda barn.',
    author: 'anna.larsson',
    groups: ['ekbacken'],
    categories: school,
    publishedInDays: -1,
  },
  {
    type: 'pinned-news',
    title: 'Elevhälsan',
    excerpt:
      'Skolsköterska, kurator och skolpsykolog finns på varje skola. Du kan alltid höra av dig.',
    author: 'sara.ekstrom',
    groups: ['kommun'],
    categories: [role.student, role.caretaker],
    order: -10,
    blurbs: [
      { title: 'Skolsköterskan', text: 'Drop-in varje tisdag och torsdag 9–11.' },
      { title: 'Kuratorn', text: 'Boka tid via mentorn eller ring direkt.' },
    ],
    contact: {
      name: 'Elevhälsan',
      title: 'Utbildningsförvaltningen',
      email: 'elevhalsan@exempelby.se',
      phone: '0123-456 10',
    },
    publishedInDays: -40,
  },
  {
    type: 'pinned-news',
    title: 'Frånvaroanmälan',
    excerpt: 'Anmäl frånvaro före klockan 8 samma dag, i frånvarotjänsten eller på telefon.',
    author: 'sara.ekstrom',
    groups: ['kommun'],
    categories: [role.caretaker, role.teacher],
    order: -5,
    info: [
      {
        title: 'Till frånvarotjänsten',
        url: 'https://franvaro.exempelby.se',
        openInNewWindow: true,
      },
    ],
    publishedInDays: -60,
  },
  {
    type: 'news',
    title: 'Lovskola under jullovet',
    excerpt:
      'Elever i årskurs 6–9 som vill repetera matematik, svenska eller engelska kan gå lovskola under jullovet.',
    author: 'sara.ekstrom',
    groups: ['kommun'],
    categories: [role.student, role.caretaker, role.teacher],
    picture: 'Vinterlov',
    publishedInDays: -3,
    content: ({ picture }) => [
      html(
        '<p>Lovskolan är öppen för elever i årskurs 6–9 i hela kommunen. Undervisningen leds av behöriga lärare i små grupper.</p>',
      ),
      block('row', {}, [
        col(6, [
          heading('Så anmäler du dig', 2),
          html(
            '<ul><li>Prata med din mentor före den 10 december.</li><li>Vårdnadshavare bekräftar anmälan i frånvarotjänsten.</li><li>Lunch serveras varje dag.</li></ul>',
          ),
        ]),
        col(6, [
          ...image(picture, 'Lovskolan håller till på Lindängsskolan.', 'Snötäckta kullar'),
          block('card', {
            title: 'Frågor?',
            text: '<p>Kontakta studie- och yrkesvägledaren på din skola.</p>',
            imgSrc: '',
            buttonLabel: 'Läs mer på kommunens webbplats',
            buttonUrl: 'https://www.exempelby.se/lovskola',
          }),
        ]),
      ]),
      block('table', { caption: 'Tider för lovskolan' }, [
        block('table-heading', { headings: 'Vecka | Ämne | Tid' }),
        block('table-row', { items: '52 | Matematik | 9.00–12.00' }),
        block('table-row', { items: '52 | Svenska | 13.00–15.00' }),
        block('table-row', { items: '1 | Engelska | 9.00–12.00' }),
      ]),
    ],
  },
  {
    type: 'news',
    title: 'Höstfest på Ekbackens skola',
    excerpt: 'Välkomna på höstfest torsdag kl. 17–19 med loppis, fika och elevernas utställning.',
    author: 'anna.larsson',
    groups: ['ekbacken'],
    categories: school,
    picture: 'Skolgård i höstsol',
    publishedInDays: -5,
    content: ({ picture }) => [
      html(
        '<p>Alla elever, vårdnadshavare och syskon är välkomna. Klass 5A säljer fika till förmån för klassresan. Vill du sälja på loppisen? Gör en <a href="https://www.exempelby.se/ekbacken/loppis-anmalan">anmälan till loppisen</a>.</p>',
      ),
      ...image(picture, 'Skolgården pyntas till fest.', 'Skolgård i höstfärger'),
    ],
  },
  {
    type: 'news',
    title: 'Prao vecka 48',
    excerpt:
      'Eleverna i årskurs 8 gör prao vecka 48. Kontrollera att avtalet med arbetsplatsen är inlämnat.',
    author: 'lars.berglund',
    groups: ['lindang'],
    categories: school,
    publishedInDays: -4,
    content: () => [
      html(
        '<p>Under praoveckan följer eleverna en vanlig arbetsdag. Skolan ansvarar för försäkringen.</p><p>Avtalet lämnas till mentorn senast fredag.</p>',
      ),
    ],
  },
  {
    type: 'news',
    title: 'Öppet hus på Norrby gymnasium',
    excerpt:
      'Välkommen att besöka Norrby gymnasium den 15 januari. Träffa lärare och elever från alla program.',
    author: 'fatima.ali',
    groups: ['norrby', 'lindang'],
    categories: [role.student, role.caretaker],
    picture: 'Biblioteket',
    publishedInDays: -6,
  },
  ...readingPagePosts,
  {
    type: 'news',
    title: 'Engelskaprov i 8B vecka 49',
    excerpt:
      'Provet handlar om läsförståelse och skrivande. Instuderingsfrågorna finns i Classroom.',
    author: 'johan.berg',
    groups: ['lindang/8B'],
    categories: school,
    publishedInDays: -2,
  },
  {
    type: 'news',
    title: 'Kompetensutvecklingsdag för lärare',
    excerpt: 'Den 8 januari samlas kommunens lärare för en dag om bedömning och digitala verktyg.',
    author: 'sara.ekstrom',
    groups: ['kommun'],
    categories: [role.teacher],
    editors: ['anna.larsson'],
    publishedInDays: -7,
    content: ({ toolIds }) => [
      html('<p>Programmet och anmälan finns i Personalportalen. Ta med din dator.</p>'),
      block('tool', { toolIds: JSON.stringify([toolIds['Personalportalen']].filter(Boolean)) }),
    ],
  },
  {
    type: 'page',
    title: 'Välkommen till Skolportalen',
    excerpt: 'Här hittar du nyheter, verktyg och information från din skola och från kommunen.',
    author: 'eva.andersson',
    groups: ['kommun'],
    categories: everyone,
    pagePlacement: 'start-top',
    publishedInDays: -90,
    content: () => [
      block('row', {}, [
        col(4, [heading('Nyheter', 2), html('<p>Nyheter från din klass, skola och kommunen.</p>')]),
        col(4, [heading('Verktyg', 2), html('<p>Schema, frånvaro och lärplattform samlade.</p>')]),
        col(4, [heading('Dokument', 2), html('<p>Dokument från din skola och förvaltningen.</p>')]),
      ]),
    ],
  },
  {
    type: 'page',
    title: 'Läsårstider 2026/2027',
    excerpt: 'Terminsstart, lov och studiedagar för kommunens skolor.',
    author: 'sara.ekstrom',
    groups: ['kommun'],
    categories: everyone,
    pagePlacement: 'start-bottom',
    publishedInDays: -100,
    content: () => [
      heading('Läsårstider', 2),
      block('table', { caption: 'Läsåret 2026/2027' }, [
        block('table-heading', { headings: 'Period | Datum' }),
        block('table-row', { items: 'Höstterminen börjar | 18 augusti 2026' }),
        block('table-row', { items: 'Höstlov | vecka 44' }),
        block('table-row', { items: 'Jullov | 19 december – 7 januari' }),
        block('table-row', { items: 'Sportlov | vecka 8' }),
        block('table-row', { items: 'Påsklov | vecka 14' }),
        block('table-row', { items: 'Vårterminen slutar | 11 juni 2027' }),
      ]),
    ],
  },
  {
    type: 'page',
    title: 'Skolskjuts',
    excerpt: 'Vem har rätt till skolskjuts och hur ansöker man?',
    author: 'sara.ekstrom',
    groups: ['kommun'],
    categories: [role.caretaker, role.employee],
    publishedInDays: -120,
    content: () => [
      html(
        '<p>Elever i förskoleklass till årskurs 9 kan ha rätt till skolskjuts beroende på avstånd och trafikmiljö. Ansök i <a href="https://www.exempelby.se/skolskjuts">kommunens e-tjänst</a>.</p>',
      ),
    ],
  },
  {
    type: 'givetake',
    title: 'Ge bort: skidor och pjäxor storlek 34',
    excerpt: 'Barnskidor med pjäxor, använda två säsonger. Hämtas på Ekbackens skola.',
    author: 'anna.larsson',
    groups: ['ekbacken'],
    categories: [role.caretaker, role.teacher],
    publishedInDays: -8,
  },
  {
    type: 'news',
    title: 'Vårterminens schema',
    excerpt: 'Schemat för vårterminen publiceras när det är klart.',
    author: 'anna.larsson',
    groups: ['ekbacken/3A'],
    categories: school,
    status: 'draft',
  },
  {
    type: 'news',
    title: 'Julavslutning i Ekbackens kyrka',
    excerpt: 'Julavslutningen hålls i kyrkan kl. 10. Vårdnadshavare är välkomna.',
    author: 'anna.larsson',
    groups: ['ekbacken'],
    categories: school,
    publishedInDays: 7,
  },
];

/**
 * Seeds the demo municipality's posts through the same checks and derivations
 * as the API (sanitising, slugs, sort position), in one transaction. Pictures
 * are used when the media library has been seeded.
 */
export async function seedDemoPosts(
  db: Database,
  nodeByRef: Map<string, number>,
  userIds: Map<string, number>,
  now = new Date(),
) {
  blocks.reset();
  await db.transaction(async (tx) => {
    const { pictures, toolIds } = await demoContext(tx);
    for (const demo of demoPosts) {
      const {
        author,
        groups,
        categories,
        editors,
        publishedInDays,
        picture,
        content,
        translations,
        ...rest
      } = demo;
      const pictureRow = picture ? pictures.get(picture) : undefined;
      const nodeIds = groups.map((ref) => {
        const id = ref === 'kommun' ? 1 : nodeByRef.get(ref);
        if (id === undefined) throw new Error(`Demo post ${demo.title}: unknown group ${ref}`);
        return id;
      });
      const values = postInput.parse({
        ...rest,
        nodeIds,
        categoryIds: categories,
        editorIds: (editors ?? []).map((name) => userIds.get(name)!),
        mediaId: pictureRow?.id ?? null,
        publishedDate:
          publishedInDays === undefined
            ? null
            : new Date(now.getTime() + publishedInDays * day).toISOString(),
        content: content?.({ picture: pictureRow, pictures, toolIds }),
      });
      const prepared = await preparePost(tx, values, undefined, {
        now,
        siteOrigin: 'http://localhost',
        videoEmbedOrigins: defaultVideoEmbedOrigins,
        authorId: userIds.get(author)!,
      });
      const row = await insertPostRow(tx, prepared.columns);
      await replaceTargets(tx, row.id, 'nodes', values.nodeIds);
      await replaceTargets(tx, row.id, 'categories', values.categoryIds);
      await replaceTargets(tx, row.id, 'editors', values.editorIds);
      await replacePostMedia(tx, row.id, values.mediaIds);
      await setMediaUsages(tx, { type: 'post', id: row.id }, prepared.usedMediaIds);
      await refreshFeed(tx, [row.id]);
      await recordPostVersions(tx, [row.id], {
        at: now,
        by: userIds.get(author)!,
        event: 'created',
      });
      for (const [language, text] of Object.entries(translations ?? {})) {
        await upsertTranslation(tx, {
          postId: row.id,
          language,
          ...text,
          content: [],
          sourceHash: sourceHashOf(row),
          machineTranslated: false,
          updatedBy: userIds.get(author)!,
        });
      }
    }
  });
}
