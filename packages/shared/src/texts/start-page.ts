/**
 * The texts the start page shows: its sections, and what it shows of posts,
 * must-read notices, tools and documents. They are part of `sv` through their
 * areas' texts (./content, ./must-read, ./tools-and-profile, ./documents,
 * ./translations), kept in a module of their own so that the start page's code
 * carries these and not the rest of those areas (the start page's budget,
 * issue 31), as ./shell does for the frame of every page.
 */

/** The start page's sections: notices, news, placed pages. */
export const startPageTexts = {
  alerts: 'Krisinformation',
  messages: 'Meddelanden',
  pinned: 'Information',
  news: 'Nyheter',
  newsEmpty: 'Det finns inga nyheter för dig just nu.',
  newsFailed: 'Nyheterna kunde inte hämtas just nu.',
  noticesFailed: 'Meddelandena kunde inte hämtas just nu.',
  showMore: 'Visa fler',
  loadingMore: 'Hämtar fler …',
  shown: 'Visar {shown} av {total}',
  unread: 'Oläst',
  read: 'Läst',
  readMore: 'Läs mer',
  readMoreAbout: 'Läs mer: {title}',
  loading: 'Hämtar innehåll …',
  placementTop: 'Utvalt innehåll',
  placementBottom: 'Mer från skolan',
} as const;

/** A post as read: its dates, author and status, the links under it (the start page's lists too). */
export const postReaderTexts = {
  published: 'Publicerad {date}',
  /** A post not yet out, read by its writer, an approver or an administrator. */
  pending: 'Väntar på godkännande sedan {date}',
  draft: 'Utkast, sparat {date}',
  future: 'Publiceras {date}',
  trash: 'I papperskorgen sedan {date}',
  updated: 'Uppdaterad {date}',
  author: 'Av {name}',
  featuredImage: 'Bild till {title}',
  infoLinks: 'Mer information',
  opensInNewTab: '(öppnas i en ny flik)',
  contact: 'Kontakt',
  contactName: 'Namn',
  contactTitle: 'Titel',
  contactEmail: 'E-post',
  contactPhone: 'Telefon',
  markRead: 'Markera som läst',
  marking: 'Markerar …',
  isRead: 'Du har läst det här',
  readBy: '{read} av {target} mottagare har läst',
  edit: 'Redigera',
  notPublished: 'Det här innehållet är inte publicerat ({status}). Bara redaktörer ser det.',
  loadFailed: 'Innehållet kunde inte hämtas just nu.',
  newsArchive: 'Alla nyheter',
  pageList: 'Sidor',
} as const;

/** The notices to confirm on the start page: deadline, buttons and the children concerned. */
export const mustReadNoticeTexts = {
  /** A deadline at a glance: "fredag 4 december kl. 12.00" ("kl." and the time kept on one line). */
  dateTime: '{weekday} {day} {month} kl.\u00a0{hour}.{minute}',
  dateTimeWithYear: '{weekday} {day} {month} {year} kl.\u00a0{hour}.{minute}',
  notices: {
    heading: 'Att läsa och bekräfta',
    deadline: 'Bekräfta senast {date}',
    overdue: 'Sista dag har passerat',
    readMore: 'Läs hela meddelandet',
    confirmed: 'Tack! Du har bekräftat att du har läst ”{title}”.',
    confirmedFor: 'Tack! Du har bekräftat ”{title}” för {names}.',
    failed: 'Bekräftelsen kunde inte sparas. Försök igen.',
  },
  confirm: {
    self: 'Jag har läst',
    child: 'Jag har läst (för {name})',
    allChildren: 'Jag har läst (för alla barn)',
    busy: 'Bekräftar …',
  },
  /** The badge of a post that reached some of a guardian's children. */
  concerns: 'Gäller {names}',
} as const;

/** The start page's tools section. */
export const toolGridTexts = {
  sectionTitle: 'Verktyg',
  gridLabel: 'Dina verktyg',
  empty: 'Det finns inga verktyg för dig ännu.',
  loadFailed: 'Verktygen kunde inte hämtas just nu.',
  newBadge: 'Ny',
  newLabel: 'nytt verktyg',
  opensInNewTab: '(öppnas i en ny flik)',
  googleTool: 'Google-verktyg',
  manageOwn: 'Hantera mina verktyg',
} as const;

/** "Mina dokument" on the start page. */
export const myDocumentsTexts = {
  myDocuments: 'Mina dokument',
  myDocumentsEmpty: 'Stjärnmärk dokument och mappar under Dokument så visas de här.',
  myDocumentsAll: 'Till Dokument',
  download: 'Hämta {name}',
  signInHint: 'Logga in i dokumentarkivet för att se Mina dokument.',
} as const;

/** The mark beside a post shown in a machine translation (on the start page too). */
export const translationMarkTexts = {
  machineTranslated: 'Maskinöversatt',
} as const;
