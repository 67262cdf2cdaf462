/** Swedish texts of content in the reader's language (issue 27). Part of `sv`. */
import { translationMarkTexts } from './start-page';

export const translationTexts = {
  ...translationMarkTexts,
  showOriginal: 'Visa original på svenska',
  translateTo: 'Översätt till {language}',
  translating: 'Översätter …',
  /** The reading bar: the language the content is shown in, in its own name. */
  shownIn: 'Visas på {language}',
  showIn: 'Visa på {language}',
  languageBar: 'Språk för innehållet',
  outdated:
    'Originalet på svenska har ändrats sedan översättningen gjordes. Översättningen kan sakna det senaste.',
  outdatedShort: 'Översättningen kan vara äldre än originalet.',
  states: {
    none: 'Saknas',
    current: 'Aktuell',
    outdated: 'Inaktuell',
    machine: 'Maskinöversatt',
  },
  languageQuestion: {
    title: 'Vilket språk vill du läsa nyheter på?',
    intro:
      'Nyheter och meddelanden från skolan visas på ditt språk när de finns översatta. Portalen i övrigt är på svenska.',
    choose: 'Välj språk',
    dismiss: 'Fråga inte igen',
    failed: 'Valet kunde inte sparas. Försök igen.',
  },
  profileField: 'Språk för nyheter och meddelanden',
  profileHint:
    'Nyheter och meddelanden visas på det här språket när de finns översatta. Portalen i övrigt är på svenska.',
  profileSaved: 'Språket är sparat.',
  editor: {
    title: 'Översättningar',
    intro:
      'Översätt det som vårdnadshavare och elever måste förstå. Svenska originalet visas bredvid varje text.',
    saveFirst: 'Spara inlägget först, sedan kan du lägga till översättningar.',
    audience: 'Språk bland mottagarna',
    audienceCount: '{count} av {total}',
    noAudience:
      'Inga vårdnadshavare eller elever bland mottagarna läser något annat språk än svenska.',
    language: 'Språk',
    readers: 'Läsare',
    state: 'Översättning',
    add: 'Lägg till',
    edit: 'Redigera',
    addOther: 'Lägg till språk',
    formTitle: 'Översättning till {language}',
    original: 'Original på svenska',
    titleField: 'Rubrik',
    excerptField: 'Ingress',
    blockField: 'Block {n}: {type}',
    machineFill: 'Fyll i med maskinöversättning',
    machineNote: 'Maskinöversatt utkast: läs och rätta innan du sparar.',
    save: 'Spara översättning',
    saved: 'Översättningen är sparad.',
    remove: 'Ta bort översättning',
    removeConfirm: 'Ta bort översättningen till {language}?',
    removed: 'Översättningen är borttagen.',
    cancel: 'Avbryt',
    loadFailed: 'Översättningarna kunde inte hämtas.',
    updatedBy: 'Senast ändrad av {name}',
  },
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
