/** Swedish texts of one's own sign-ins on the profile page. Part of `sv`. */

export const signInTexts = {
  heading: 'Dina inloggningar',
  intro:
    'Här ser du var du är inloggad just nu. Känner du inte igen en inloggning, logga ut där och byt lösenord.',
  loading: 'Hämtar dina inloggningar …',
  loadFailed: 'Inloggningarna kunde inte hämtas just nu.',
  current: 'Den här webbläsaren',
  signedIn: 'Inloggad {time}',
  lastUsed: 'Senast använd {time}',
  address: 'Adress {address}',
  unknownAddress: 'Okänd adress',
  viaSso: 'via kommunens inloggning',
  endOne: 'Logga ut där',
  endOneLabel: 'Logga ut där: {browser}, senast använd {time}',
  endOthers: 'Logga ut överallt annars',
  onlyThis: 'Du är inte inloggad någon annanstans.',
  endedOne: 'Inloggningen är avslutad.',
  endedOthers: '{n} inloggningar är avslutade.',
  endedOthersOne: '1 inloggning är avslutad.',
  notWhileActingForOthers:
    'Inloggningarna visas bara för den som själv är inloggad, inte när någon agerar som dig.',
  errors: {
    notFound: 'Inloggningen finns inte eller är redan avslutad.',
    current: 'Det här är webbläsaren du använder nu. Använd Logga ut i menyn i stället.',
  },
  browser: {
    unknown: 'Okänd webbläsare',
    /** "{browser} på {system}", e.g. "Firefox på Windows". */
    on: '{browser} på {system}',
    app: 'Program eller integration',
  },
} as const;
