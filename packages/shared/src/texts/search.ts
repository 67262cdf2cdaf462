/** Swedish texts of the portal search (header field, results page, API messages). Part of `sv`. */
import { svShell } from './shell';

export const searchTexts = {
  ...svShell.search,
  /** The results page's own field. */
  refine: 'Ändra sökningen',
  pageField: 'Sökord',
  heading: 'Sökresultat',
  headingFor: 'Sökresultat för ”{q}”',
  prompt: 'Skriv vad du letar efter i sökfältet.',
  count: '{n} träffar för ”{q}”',
  countOne: '1 träff för ”{q}”',
  none: 'Inga träffar för ”{q}”.',
  noneInType: 'Inga träffar för ”{q}” bland {type}.',
  noneHint: 'Prova ett annat ord, färre ord eller början av ett ord.',
  searching: 'Söker …',
  loadFailed: 'Sökningen kunde inte göras just nu. Försök igen om en stund.',
  typeFilter: 'Visa',
  results: 'Träffar',
  pages: 'Sidor med träffar',
  opensInNewTab: '(öppnas i ny flik)',
  published: 'Publicerad {date}',
  /** The type filter's choices; each stands for one or more post types, or the tools. */
  groups: {
    all: 'Allt',
    news: 'Nyheter',
    info: 'Information',
    alert: 'Krisinformation',
    page: 'Sidor',
    course: 'Kurser',
    advert: 'Annonser',
    tool: 'Verktyg',
  },
  /** How each kind of hit is labelled in the list. */
  types: {
    news: 'Nyhet',
    'pinned-news': 'Information',
    info: 'Information',
    'info-important': 'Viktigt meddelande',
    alert: 'Krisinformation',
    page: 'Sida',
    'page-related': 'Sida',
    advertisment: 'Annons',
    givetake: 'Ge och ta',
    course: 'Kurs',
    tool: 'Verktyg',
  },
  validation: {
    empty: 'Skriv något att söka efter.',
    tooLong: 'Sökningen får vara högst {n} tecken.',
  },
} as const;
