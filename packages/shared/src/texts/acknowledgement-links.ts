/**
 * Swedish texts of a must-read notice's mail: the one-click link, the page it
 * opens without signing in, and the reminders. Part of `sv`.
 */
export const acknowledgementLinkTexts = {
  /** The page's own words; its buttons and states are the portal's (`sv.mustRead`). */
  page: {
    title: 'Bekräfta att du har läst',
    greeting: 'Hej {name}!',
    intro: 'Skolan ber dig bekräfta att du har läst meddelandet nedan.',
    published: 'Publicerat {date}',
    moreInPortal:
      'Meddelandet innehåller mer, till exempel länkar till verktyg, som du ser när du loggar in i Skolportalen.',
    failed: 'Bekräftelsen kunde inte skickas. Försök igen om en stund.',
    readInPortal: 'Läs meddelandet i Skolportalen',
    signIn: 'Logga in i Skolportalen',
  },
  /** The pages of a link that no longer opens anything; the API's refusals say the same. */
  ended: {
    expired: {
      title: 'Länken har gått ut',
      text: 'Länken i e-postmeddelandet gällde en tid efter sista dag att bekräfta. Logga in i Skolportalen för att läsa och bekräfta meddelandet.',
    },
    revoked: {
      title: 'Länken gäller inte längre',
      text: 'Meddelandet kräver inte längre någon bekräftelse genom den här länken, eller så har länken dragits tillbaka. Logga in i Skolportalen för att se meddelandet.',
    },
    unknown: {
      title: 'Länken finns inte',
      text: 'Kontrollera att du fick med hela länken från e-postmeddelandet, eller logga in i Skolportalen.',
    },
  },
  mail: {
    /** Above the footer of the notification and of each reminder, before the reader's link. */
    link: 'Bekräfta med ett klick att du har läst, utan att logga in:',
    linkWithDeadline: 'Bekräfta senast {date} att du har läst – med ett klick, utan att logga in:',
    /** When several accounts of the address are asked (one person's accounts, a shared mailbox). */
    linkFor: 'För {name}: {url}',
    reminderSubject: 'Påminnelse: {title}',
    reminder:
      'Du har ännu inte bekräftat att du har läst "{title}". Sista dag att bekräfta är {date}.\n\nLäs meddelandet i Skolportalen: {url}',
  },
} as const;
