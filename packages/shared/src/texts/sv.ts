/**
 * Every user-facing string of Skolportalen, in Swedish. Nothing else in the
 * code base holds Swedish text. Placeholders are written `{name}` and filled by
 * `format()` from `./format`. What the first page needs (header, footer, errors,
 * page titles) is defined in `./shell` and only referred to here: code of the
 * first page imports `svShell`, so its bundle does not carry every other text.
 * For the same reason the start page's sections import their area's texts
 * (`@skolportalen/shared/texts/content`, `…/must-read` …) rather than `sv`.
 */
import { acknowledgementLinkTexts } from './acknowledgement-links';
import { acknowledgementTexts } from './acknowledgements';
import { adminTexts } from './admin';
import { blockTexts, contentTexts, postScreenTexts } from './content';
import { jobTexts, notificationTexts } from './notifications';
import { courseTexts } from './courses';
import { commentTexts, likeTexts } from './reactions';
import { searchTexts } from './search';
import { capabilityTexts } from './capabilities';
import { svShell } from './shell';
import { signInTexts } from './sign-ins';
import { mediaTexts } from './media';
import { mustReadTexts } from './must-read';
import { toolsAndProfileTexts } from './tools-and-profile';
import { documentTexts } from './documents';
import { translationTexts } from './translations';
import { versionTexts } from './versions';
import { approvalTexts } from './approvals';
import { reviewTexts } from './reviews';
import { brokenLinkTexts } from './broken-links';
import { retentionTexts } from './retention';
import { operationsTexts } from './operations';
import { validationTexts } from './validation';

export const sv = {
  blocks: blockTexts,
  content: contentTexts,
  posts: postScreenTexts,
  acknowledgements: acknowledgementTexts,
  mustRead: mustReadTexts,
  acknowledgementLinks: acknowledgementLinkTexts,
  notifications: notificationTexts,
  jobs: jobTexts,
  courses: courseTexts,
  comments: commentTexts,
  likes: likeTexts,
  search: searchTexts,
  signIns: signInTexts,
  translations: translationTexts,
  versions: versionTexts,
  approvals: approvalTexts,
  reviews: reviewTexts,
  brokenLinks: brokenLinkTexts,
  retention: retentionTexts,
  operations: operationsTexts,
  app: svShell.app,
  validation: validationTexts,
  errors: svShell.errors,
  pages: svShell.pages,
  login: {
    title: 'Logga in',
    intro: 'Logga in med ditt konto i kommunens skolor.',
    username: 'Användarnamn',
    password: 'Lösenord',
    submit: 'Logga in',
    submitting: 'Loggar in…',
    showPassword: 'Visa lösenord',
    hidePassword: 'Dölj lösenord',
    chooseRole: 'Välj vilken roll du vill logga in som',
    chooseRoleIntro:
      'Du har flera konton i Skolportalen. Du kan byta senare med Välj Roll i sidhuvudet.',
    continueAs: 'Fortsätt som {role}',
    form: 'Inloggningsformulär',
    failed: 'Inloggningen misslyckades',
    passwordSignInOff:
      'Inloggning med användarnamn och lösenord är avstängd. Logga in med kommunens inloggning i stället.',
  },
  header: svShell.header,
  footer: svShell.footer,
  emailMissing: {
    title: 'E-postadress saknas',
    text: 'Vi saknar din e-postadress. Lägg till den i din profil så att skolan kan nå dig.',
    action: 'Till profilen',
  },
  errorToast: svShell.errorToast,
  pageTitles: svShell.pageTitles,
  documentTitle: svShell.documentTitle,
  dateField: svShell.dateField,
  profile: {
    name: 'Namn',
    username: 'Användarnamn',
    email: 'E-postadress',
    noEmail: 'Ingen e-postadress registrerad',
    emailMissingHere: 'Vi saknar din e-postadress.',
    roles: 'Roller',
    groups: 'Grupper',
    maskedBy: 'Maskerad av {name}',
    otherUser: 'Du kan bara se din egen profil här.',
  },
  changelog: {
    intro: 'Här står vad som är nytt i varje version av Skolportalen, den senaste först.',
  },
  roles: svShell.roles,
  months: svShell.months,
  weekdays: svShell.weekdays,
  capabilityGroups: {
    post: 'Innehåll',
    comment: 'Kommentarer',
    course: 'Kurser',
    like: 'Gilla',
    role: 'Roller',
    token: 'Inloggningar',
    media: 'Mediabibliotek',
    links: 'Verktyg',
    user: 'Användare',
    editor: 'Redaktörer',
    portal: 'Portalen',
    category: 'Kategorier och grupper',
    search: 'Sök',
  },
  capabilities: capabilityTexts,
  capabilityStates: {
    missing: 'Saknas',
    denied: 'Nekad',
    granted: 'Beviljad',
  },

  sso: {
    button: 'Logga in med skolans inloggning',
    or: 'eller med användarnamn och lösenord',
    failed: {
      invalid: 'Inloggningen kunde inte verifieras. Försök igen.',
      'unknown-user': 'Ditt konto finns inte i Skolportalen. Kontakta skolans administratör.',
      replayed: 'Inloggningen har redan använts. Logga in igen.',
      'too-large': 'Inloggningssvaret var för stort och stoppades.',
      disabled: 'Ditt konto är avstängt. Kontakta skolans administratör.',
      misconfigured: 'Inloggningen är inte rätt inställd – kontakta supporten.',
      cancelled: 'Inloggningen avbröts. Försök igen när du vill logga in.',
      unavailable: 'Inloggningstjänsten svarar inte just nu. Försök igen om en stund.',
    },
    notConfigured: 'Inloggning med skolans inloggning är inte aktiverad.',
    logoutRefused: 'Utloggningen från skolans inloggning kunde inte verifieras.',
    providerUnknown: 'Den inloggningstjänsten finns inte i Skolportalen.',
  },
  masking: {
    start: 'Agera som {name}',
    menuItem: 'Agera som användare',
    dialogTitle: 'Agera som en annan användare',
    dialogIntro:
      'Du ser portalen som användaren ser den. Allt du gör sparas i loggen med ditt namn. Sessionen avslutas efter 30 minuter.',
    searchLabel: 'Sök namn, användarnamn eller e-post',
    noResults: 'Ingen användare matchar sökningen.',
    typeToSearch: 'Skriv minst två tecken för att söka.',
    notAllowed: 'Går inte',
    close: 'Stäng',
    notAdminTarget: 'Du kan inte agera som en annan administratör.',
    noNesting: 'Du agerar redan som en annan användare. Avsluta det först.',
    notWhileMasked:
      'Det går inte att ändra lösenord, e-post, roller eller inloggningar när du agerar som någon annan.',
    notWhileActingForChild:
      'Det går inte att ändra ditt barns lösenord, e-post eller inloggningar.',
    ended: 'Din rätt att agera som andra användare har upphört.',
    browserSessionRequired:
      'Att agera som en annan användare går bara i en inloggning i webbläsaren, inte med en API-token.',
  },

  about: {
    statementTitle: 'Tillgänglighetsredogörelse',
    statementIntro:
      'Exempelby kommun står bakom Skolportalen. Vi vill att alla ska kunna använda portalen, oavsett funktionsnedsättning. Här beskriver vi hur Skolportalen uppfyller lagen (2018:1937) om tillgänglighet till digital offentlig service, kända brister och hur du kan rapportera problem till oss.',
    complianceHeading: 'Hur tillgänglig är portalen?',
    compliance:
      'Skolportalen är delvis förenlig med lagen om tillgänglighet till digital offentlig service, på grund av de brister som beskrivs nedan. Portalens egna sidor, formulär och funktioner är byggda för att uppfylla WCAG 2.1 nivå AA (EN 301 549).',
    gapsHeading: 'Kända brister',
    gaps: [
      'Innehåll som redaktörer lägger upp, till exempel PDF-dokument och bilder, kan sakna tillgänglig struktur eller bra alternativtexter. Portalen kräver alternativtext för bilder men kan inte kontrollera kvaliteten.',
      'Videoklipp från externa tjänster kan sakna undertexter.',
      'Dokument i dokumentarkivet visas i det format de har laddats upp i.',
    ],
    evaluationHeading: 'Hur vi har testat portalen',
    evaluation:
      'Varje ändring av portalen testas automatiskt: alla sidor granskas med verktyget axe mot WCAG 2.1 A och AA i både dator- och mobilbredd, och de viktigaste flödena testas med enbart tangentbord – inloggning, byte av roll, favoriter, verktyg, profilen, mediabiblioteket och administrationen av verktyg. Huvudsidorna granskas också med Lighthouse, som ger dem full poäng för tillgänglighet. Vi har också gjort en egen manuell granskning.',
    evaluatedOn: 'Redogörelsen uppdaterades senast den 21 november 2026.',
    feedbackHeading: 'Rapportera brister eller be om innehåll i annat format',
    feedbackIntro:
      'Om du upptäcker problem som inte beskrivs här, eller om du behöver innehåll i ett annat format, vill vi gärna veta det. Du behöver inte vara inloggad.',
    complaintHeading: 'Tillsyn',
    complaint:
      'Myndigheten för digital förvaltning (Digg) ansvarar för tillsynen över lagen. Om du inte är nöjd med hur vi hanterar dina synpunkter kan du anmäla det till Digg.',
    complaintLink: 'Anmäl bristande tillgänglighet till Digg',
    complaintUrl: 'https://www.digg.se/tdosanmalan',
    contactHeading: 'Kontakt',
    contact:
      'Utbildningsförvaltningen, Exempelby kommun. Telefon 0123-456 00, e-post skolportalen@exempelby.se.',
    privacyTitle: 'Så behandlar vi personuppgifter',
    privacyIntro:
      'Exempelby kommun är personuppgiftsansvarig för Skolportalen. Här beskriver vi vilka uppgifter portalen lagrar, om vem, varför och hur länge.',
    privacySections: [
      {
        heading: 'Uppgifter om dig som användare',
        text: 'Namn, användar-id, e-postadress (om du har lagt till den), dina roller och vilka skolor, klasser och undervisningsgrupper du tillhör. Uppgifterna kommer från skolans elevregister och personalsystem och behövs för att visa rätt information för dig.',
      },
      {
        heading: 'Vårdnadshavare och barn',
        text: 'För vårdnadshavare lagras kopplingen till barnen, så att du kan se det som rör dem. Du kan inte ändra barnets inloggning eller e-postadress.',
      },
      {
        heading: 'Skyddade personuppgifter',
        text: 'Har du sekretessmarkering eller skyddad folkbokföring hos Skatteverket får portalen veta det från skolans register. Då visas ditt namn, användar-id, e-postadress, bild, grupper och kopplingar bara för dig själv, dina vårdnadshavare eller barn och de administratörer och den rektor för din skola som har behörighet att se skyddade personuppgifter. Alla andra ser ”Skyddad identitet” där något måste visas, till exempel i en deltagarlista, och annars ingenting. Varje gång någon med behörighet öppnar dina uppgifter loggas vem och när. Markeringen kan bara ändras av en administratör med behörighet, och skälet sparas i loggen.',
      },
      {
        heading: 'Inloggning',
        text: 'När du loggar in skapas en inloggning som gäller i högst 8 timmar. Portalen sparar bara ett kontrollvärde av den, aldrig själva nyckeln. Webbläsaren får två nödvändiga kakor: en med inloggningen och en som talar om att du är inloggad. Inga kakor används för statistik eller marknadsföring.',
      },
      {
        heading: 'Loggar',
        text: 'Ändringar som administratörer gör, och allt som görs när en administratör agerar som en annan användare, loggas med vem, vad och när, för att kunna följa upp fel och missbruk.',
      },
      {
        heading: 'Statistik',
        text: 'Om statistik är påslagen räknas bara antal sidvisningar per sida och dag. Inget om dig som person sparas och inget skickas till någon annan.',
      },
      {
        heading: 'Synpunkter',
        text: 'Synpunkter du skickar via tillgänglighetsredogörelsen sparas tillsammans med din e-postadress om du anger den, och läses av portalens administratörer.',
      },
      {
        heading: 'Dina rättigheter',
        text: 'Du har rätt att få veta vilka uppgifter som finns om dig, få felaktiga uppgifter rättade och i vissa fall raderade. Kontakta kommunens dataskyddsombud: dataskydd@exempelby.se.',
      },
    ],
    feedbackForm: {
      message: 'Din synpunkt',
      messageHelp: 'Beskriv vad som inte fungerade och på vilken sida. Högst {n} tecken.',
      email: 'Din e-postadress (frivilligt)',
      emailHelp: 'Fyll i om du vill ha svar.',
      submit: 'Skicka synpunkt',
      sent: 'Tack! Din synpunkt är skickad.',
    },
    adminFeedbackTitle: 'Synpunkter om tillgänglighet',
    adminFeedbackEmpty: 'Det finns inga synpunkter.',
    adminFeedbackHandled: 'Hanterad',
    adminFeedbackNew: 'Ny',
    adminFeedbackMarkHandled: 'Markera som hanterad',
    adminFeedbackMarkNew: 'Markera som ny',
    adminFeedbackFrom: 'Från {name}',
    adminFeedbackAnonymous: 'Ej inloggad',
    adminFeedbackPage: 'Sida: {page}',
    adminFeedbackReplyTo: 'Svara till {email}',
  },

  // Administration (roles, users, categories, groups, tokens, audit, SS 12000 import): ./admin.
  admin: adminTexts,

  // Media library, tools with favourites and profile, document repository: their own files.
  media: mediaTexts,
  toolsAndProfile: toolsAndProfileTexts,
  documents: documentTexts,
} as const;

export type Texts = typeof sv;
