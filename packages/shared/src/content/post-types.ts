export const postTypes = [
  'news',
  'page',
  'page-related',
  'pinned-news',
  'info',
  'info-important',
  'alert',
  'advertisment',
  'givetake',
  'course',
  'tool',
  'google-tool',
] as const;
export type PostType = (typeof postTypes)[number];

export const postStatuses = ['publish', 'draft', 'trash', 'future', 'pending'] as const;
/** What a writer may ask for; `pending` (waiting for approval, issue 29) is the portal's to set. */
export const writableStatuses = ['publish', 'draft', 'trash', 'future'] as const;
export type PostStatus = (typeof postStatuses)[number];

/** URL prefix of each post type (spec §2). Tools have no page of their own. */
export const urlPrefixByType: Partial<Record<PostType, string>> = {
  page: 'sida',
  'page-related': 'sida',
  news: 'nyhet',
  'pinned-news': 'nyhet',
  info: 'nyhet',
  'info-important': 'nyhet',
  alert: 'krisinformation',
  advertisment: 'annons',
  givetake: 'ge-ta',
  course: 'kurs',
};
