/** Swedish texts of content in the reader's language (issue 27). Part of `sv`. */

export const translationTexts = {
  machineTranslated: 'Maskinöversatt',
  showOriginal: 'Visa original på svenska',
  translateTo: 'Översätt till {language}',
  outdated:
    'Originalet på svenska har ändrats sedan översättningen gjordes. Översättningen kan sakna det senaste.',
  states: {
    current: 'Aktuell',
    outdated: 'Inaktuell',
  },
  languageQuestion: {
    title: 'Vilket språk vill du läsa på?',
    intro:
      'Nyheter och meddelanden från skolan visas på ditt språk när de finns översatta. Portalen i övrigt är på svenska.',
    choose: 'Välj språk',
    dismiss: 'Fortsätt på svenska',
  },
  profileField: 'Språk för nyheter och meddelanden',
  mail: {
    original: 'Originalet på svenska:',
  },
  audit: {
    saved: 'Översättning sparad',
    removed: 'Översättning borttagen',
  },
  errors: {
    unknownLanguage: 'Språket finns inte bland portalens språk.',
    sourceLanguage: 'Originalet är på svenska: en översättning görs till ett annat språk.',
    notFound: 'Det finns ingen översättning till {language}.',
    blocksDiffer:
      'Översättningen måste ha originalets block, i samma ordning: bara texterna översätts. Hämta originalet igen och försök på nytt.',
    machineOff: 'Maskinöversättning är inte påslagen i portalen.',
    budgetSpent:
      'Dagens utrymme för maskinöversättning är förbrukat. Försök igen i morgon, eller skriv översättningen själv.',
    providerBusy: 'Översättningstjänsten har för mycket att göra just nu. Försök igen om en stund.',
    providerFailed:
      'Översättningstjänsten kunde inte översätta texten just nu. Försök igen senare, eller skriv översättningen själv.',
    providerLanguage: 'Översättningstjänsten kan inte översätta till {language}.',
  },
} as const;
