/** Swedish texts of must-read notices: acknowledging them and the report. Part of `sv`. */

export const acknowledgementTexts = {
  modes: {
    'each-reader': 'En bekräftelse per mottagare (för elever räcker en vårdnadshavare)',
    'each-guardian': 'Alla vårdnadshavare måste bekräfta',
  },
  states: {
    acknowledged: 'Bekräftad',
    pending: 'Väntar',
    overdue: 'Försenad',
  },
  via: {
    portal: 'I portalen',
    'email-link': 'Via e-postlänken',
  },
  errors: {
    notMustRead: 'Det här innehållet kräver ingen läsbekräftelse.',
    notPublished: 'Det går bara att bekräfta publicerat innehåll.',
    notRecipient:
      'Du hör inte till mottagarna av det här innehållet och behöver inte bekräfta det.',
    notOwnChild:
      'Du kan bara bekräfta för dina egna barn som meddelandet gäller. Kontrollera vilka barn du valde.',
    childrenNotExpected:
      'Meddelandet gäller dig själv, inte dina barn. Bekräfta utan att välja barn.',
  },
  csv: {
    fileName: 'lasbekraftelser-{slug}.csv',
    name: 'Namn',
    role: 'Roll',
    child: 'Barn',
    school: 'Skola',
    class: 'Klass',
    state: 'Status',
    acknowledgedAt: 'Bekräftad',
    via: 'Hur',
    opened: 'Öppnad',
    yes: 'Ja',
    no: 'Nej',
  },
} as const;
