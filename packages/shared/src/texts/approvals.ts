/** Swedish texts of approval before publishing (issue 29). Part of `sv`. */

export const approvalTexts = {
  audiences: {
    any: 'Allt innehåll',
    municipality: 'Innehåll till hela kommunen',
    'school-unit': 'Innehåll till en hel skolenhet',
  },
  errors: {
    notPending: 'Inlägget väntar inte på godkännande.',
    changedSince:
      'Inlägget har ändrats sedan du öppnade det. Läs den nya versionen innan du godkänner eller skickar tillbaka.',
    ownPost: 'Du kan inte godkänna ditt eget inlägg.',
    notApprover: 'Du kan inte godkänna det här inlägget.',
    commentRequired: 'Skriv vad som behöver ändras.',
    unknownRole: 'Rollen finns inte.',
    noApprover:
      'Ingen har rollen som ska godkänna. Ge rollen till någon först, eller välj en annan roll.',
    unknownAuthorRole: 'En av författarrollerna finns inte.',
    nobodyToApprove:
      'Ingen kan godkänna inlägget just nu: ingen har rollen som ska godkänna det. Kontakta en administratör.',
  },
  mail: {
    requestSubject: 'Att godkänna: {title}',
    requestText:
      '{author} har skickat ”{title}” för godkännande innan det publiceras.\n\nGodkänn eller skicka tillbaka det här: {url}',
    approvedSubject: 'Godkänt: {title}',
    approvedText: '{approver} har godkänt ”{title}”. Det är publicerat{when}.\n\n{url}',
    returnedSubject: 'Skickat tillbaka: {title}',
    returnedText:
      '{approver} har skickat tillbaka ”{title}” med en kommentar:\n\n{comment}\n\nRätta och skicka det igen: {url}',
  },
} as const;
