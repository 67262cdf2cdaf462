/** Broken links in published posts (issue 29, decision 0046). */
export const brokenLinkTexts = {
  title: 'Trasiga länkar',
  intro:
    'Länkar i publicerade inlägg som inte fungerade vid den senaste kontrollen. Kontrollen görs varje natt; en länk som fungerar igen försvinner från listan.',
  mine: 'Mina inlägg',
  mineEmpty: 'Inga trasiga länkar i dina inlägg.',
  perOwner: 'Per ägare',
  perOwnerIntro: 'Trasiga länkar i de inlägg som riktas till skolan, grupperade efter ägare.',
  school: 'Skola',
  allSchools: 'Alla skolor',
  perOwnerEmpty: 'Inga trasiga länkar.',
  unowned: 'Ingen ägare',
  columns: {
    post: 'Inlägg',
    link: 'Länk',
    problem: 'Fel',
    since: 'Trasig sedan',
    owner: 'Ägare',
  },
  edit: 'Redigera',
  problems: {
    status: 'Svarade {status}',
    timeout: 'Svarade inte i tid',
    redirects: 'För många omdirigeringar',
    network: 'Gick inte att nå',
  },
  notification: {
    subject: 'Trasiga länkar i dina inlägg ({n})',
    text: 'Nattens kontroll hittade länkar som inte fungerar i inlägg som du äger:\n\n{links}\n\nRätta eller ta bort länkarna. Alla trasiga länkar: {url}',
    line: '• {title}: {url}',
    more: '… och {n} till',
  },
  errors: {
    schoolNotAllowed: 'Du kan bara se trasiga länkar för skolor som du är rektor för.',
  },
} as const;
