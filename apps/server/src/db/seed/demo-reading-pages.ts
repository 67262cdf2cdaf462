import { demoBlocks, role, type DemoPost } from './demo-content';

/**
 * Reading pages with what a real one holds (issue 32): two library
 * pictures, a table and tools, for a news item, a page and a crisis notice
 * at Ekbackens skola. Their addresses are fixed: the performance audit and
 * the end-to-end tests open them.
 */
const school = [role.teacher, role.student, role.caretaker];

export const readingPageSlugs = {
  news: 'utflykt-till-naturhistoriska-museet-med-3a',
  page: 'skolbiblioteket-pa-ekbackens-skola',
  alert: 'snoovader-ekbackens-skolbussar-kor-efter-vintertidtabell',
} as const;

export const readingPagePosts: DemoPost[] = [
  {
    type: 'news',
    title: 'Utflykt till Naturhistoriska museet med 3A',
    slug: readingPageSlugs.news,
    excerpt:
      'Tisdag åker 3A till Naturhistoriska museet. Ta med matsäck, vattenflaska och bra skor.',
    author: 'anna.larsson',
    groups: ['ekbacken/3A'],
    categories: school,
    publishedInDays: -1,
    picture: 'Naturhistoriska museet',
    content: ({ pictures, toolIds }) => {
      const b = demoBlocks('museet');
      return [
        b.html(
          '<p>Vi samlas på skolgården kl. 8.15 och åker buss till museet. Vi är tillbaka cirka 14.30.</p>',
        ),
        b.row([
          b.col(6, [
            b.heading('Det här ska vi se', 2),
            b.html(
              '<ul><li>Dinosauriesalen med skelett i naturlig storlek</li><li>Utställningen om livet i svenska skogar</li><li>Museets visning om fossiler, för årskurs 1–3</li></ul>',
            ),
          ]),
          b.col(6, [
            ...b.picture(
              pictures.get('Dinosaurieskelett'),
              'Dinosauriesalen är det många i klassen längtar mest efter.',
            ),
          ]),
        ]),
        b.table('Att ta med', 'Vad | Varför', [
          'Matsäck | Vi äter lunch i museets picknickrum',
          'Vattenflaska | Det finns påfyllning',
          'Bra skor | Vi går en bit från busshållplatsen',
        ]),
        b.heading('Inför dagen', 2),
        b.html(
          '<p>Anmäl frånvaro som vanligt om ditt barn är sjukt. Dagens lektioner efter hemkomsten följer schemat.</p>',
        ),
        b.tools(['Frånvaro', 'Schema'], toolIds),
      ];
    },
  },
  {
    type: 'page',
    title: 'Skolbiblioteket på Ekbackens skola',
    slug: readingPageSlugs.page,
    excerpt:
      'Öppettider, lån och läsfrämjande aktiviteter i skolbiblioteket – för elever, vårdnadshavare och personal.',
    author: 'anna.larsson',
    groups: ['ekbacken'],
    categories: school,
    publishedInDays: -30,
    content: ({ pictures, toolIds }) => {
      const b = demoBlocks('bibliotek');
      return [
        ...b.picture(pictures.get('Biblioteket'), 'Skolbiblioteket ligger i B-huset, plan 1.'),
        b.html(
          '<p>Skolbiblioteket är öppet för alla elever varje skoldag. Här lånar du skönlitteratur, faktaböcker och ljudböcker, och här finns lugna platser att läsa och arbeta på.</p>',
        ),
        b.table('Öppettider', 'Dag | Tid | Bemannat', [
          'Måndag | 8.00–15.00 | Hela dagen',
          'Tisdag | 8.00–15.00 | Förmiddag',
          'Onsdag | 8.00–16.00 | Hela dagen',
          'Torsdag | 8.00–15.00 | Eftermiddag',
          'Fredag | 8.00–13.00 | Förmiddag',
        ]),
        b.row([
          b.col(6, [
            b.heading('Låna och lämna', 2),
            b.html(
              '<p>Du lånar med ditt elevkort i utlåningsautomaten. Lånetiden är tre veckor och du kan låna om två gånger. Lämna böckerna i lådan vid dörren.</p>',
            ),
            b.heading('Läsutmaningen', 3),
            b.html(
              '<p>Under vårterminen läser klasserna tillsammans. För varje bok klassen läser växer bokormen på biblioteksväggen.</p>',
            ),
          ]),
          b.col(6, [
            ...b.picture(
              pictures.get('Läshörnan'),
              'I läshörnan får man sitta i lugn och ro under rasterna.',
            ),
          ]),
        ]),
        b.heading('Söka böcker hemifrån', 2),
        b.html(
          '<p>I bibliotekskatalogen ser du vilka böcker som är inne och kan reservera dem. De digitala läromedlen når du med ditt skolkonto.</p>',
        ),
        b.tools(['Bibliotekskatalog', 'Digitala läromedel'], toolIds),
      ];
    },
  },
  {
    type: 'alert',
    title: 'Snöoväder – Ekbackens skolbussar kör efter vintertidtabell',
    slug: readingPageSlugs.alert,
    excerpt:
      'Kraftigt snöfall väntas i natt. I morgon kör skolbussarna till Ekbackens skola efter vintertidtabellen och kan bli upp till 20 minuter sena. Skolan har öppet som vanligt.',
    author: 'eva.andersson',
    groups: ['ekbacken'],
    categories: school,
    publishedInDays: 0,
    // Questions go to the school's office, not below the notice.
    allowComments: false,
    content: ({ pictures, toolIds }) => {
      const b = demoBlocks('snooovader');
      return [
        ...b.picture(
          pictures.get('Skolbuss i snöoväder'),
          'Skolbussarna kör försiktigt tills vägarna är plogade.',
        ),
        b.html(
          '<p>SMHI har utfärdat en gul varning för snöfall i Exempelby kommun. Bussbolaget kör efter vintertidtabellen tills vägarna till skolan är plogade och sandade.</p>',
        ),
        b.heading('Vintertidtabell för skolbussarna', 2),
        b.table('Morgonturer till Ekbackens skola', 'Buss | Avgår | Framme', [
          '12 från Norrskogs vändplan | 7.05 | 7.50',
          '14 från Sjöviks brygga | 7.10 | 7.55',
          '16 från Ängsby kyrka | 7.20 | 8.00',
        ]),
        b.row([
          b.col(6, [
            b.heading('Om bussen inte kommer', 2),
            b.html(
              '<p>Vänta vid hållplatsen högst 30 minuter och ring sedan skolans expedition på 0123-456 20. Elever som kommer sent tas emot av personalen i matsalen.</p>',
            ),
          ]),
          b.col(6, [
            ...b.picture(pictures.get('Plogbil på skolvägen'), 'Vägarna runt skolan plogas först.'),
          ]),
        ]),
        b.html(
          '<p>Stannar ditt barn hemma, anmäl frånvaron som vanligt. Eftermiddagens turer går enligt vintertidtabellen i turlistan.</p>',
        ),
        b.tools(['Skolskjuts', 'Frånvaro'], toolIds),
      ];
    },
  },
];
