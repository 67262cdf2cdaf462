/** Swedish texts of a post's versions, as published on, and retention (issue 28). Part of `sv`. */

export const versionTexts = {
  notPublishedAt: 'Inte publicerad vid den tidpunkten',
  versionNotFound: 'Versionen finns inte',
  invalidTime: 'Ange en tidpunkt, t.ex. 2026-11-27T08:00:00Z',
  deletedPost:
    'Inlägget är borttaget ur portalen; dess versioner bevaras enligt gallringsreglerna.',
  events: {
    created: 'Skapad',
    saved: 'Sparad',
    published: 'Publicerad',
    unpublished: 'Avpublicerad',
    scheduled: 'Schemalagd',
    trashed: 'Flyttad till papperskorgen',
    restored: 'Återställd',
    deleted: 'Borttagen',
  },
} as const;
