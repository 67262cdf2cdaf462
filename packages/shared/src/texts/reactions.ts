/** Swedish texts of comments and likes under news and pages. Part of `sv`. */

export const commentTexts = {
  heading: 'Kommentarer',
  headingWithCount: 'Kommentarer ({n})',
  none: 'Inga kommentarer än.',
  loading: 'Hämtar kommentarerna …',
  loadFailed: 'Kommentarerna kunde inte hämtas just nu.',
  showMore: 'Visa fler kommentarer ({n} till)',
  fieldLabel: 'Skriv en kommentar',
  charactersLeft: '{n} tecken kvar av {max}.',
  plainText: 'Kommentaren visas som vanlig text för alla som kan läsa inlägget.',
  submit: 'Skicka kommentar',
  submitting: 'Skickar …',
  posted: 'Din kommentar är publicerad.',
  deleted: 'Kommentaren är borttagen.',
  delete: 'Ta bort',
  deleteLabel: 'Ta bort kommentaren av {name}, {date}',
  confirmTitle: 'Ta bort kommentaren?',
  confirmOwnText: 'Din kommentar tas bort och går inte att få tillbaka.',
  confirmOtherText: 'Kommentaren av {name} tas bort och går inte att få tillbaka.',
  confirm: 'Ta bort',
  cancel: 'Avbryt',
  closed: 'Kommentarer är avstängda för det här inlägget.',
  notPublished: 'Det går bara att kommentera och gilla publicerade inlägg.',
  rateLimited:
    'Du har skrivit många kommentarer på kort tid. Vänta en minut och försök sedan igen.',
  noRight: 'Du kan läsa kommentarerna men inte skriva några.',
} as const;

export const likeTexts = {
  like: 'Gilla',
  liked: 'Du gillar detta',
  likePost: 'Gilla inlägget',
  likeComment: 'Gilla kommentaren av {name}',
  count: '{n} gillar',
  countNone: 'Ingen gillar än',
  announceLiked: 'Du gillar detta. {count}.',
  announceUnliked: 'Du gillar inte längre detta. {count}.',
  targetRequired: 'Ange antingen postId eller commentId, inte båda.',
} as const;
