import { createBlock, type VersionResponse, type VersionSummary } from '@skolportalen/shared';

/** A version as the server sends it, for the tests of the history and the as-published screen. */
export function buildVersion(overrides: Partial<VersionResponse> = {}): VersionResponse {
  const number = overrides.number ?? 1;
  const title = overrides.title ?? overrides.post?.title ?? `Rubrik ${number}`;
  return {
    number,
    recordedAt: '2026-11-20T08:00:00.000Z',
    event: 'saved',
    status: 'publish',
    title,
    changedBy: { id: 7, name: 'Anna Larsson' },
    postId: 12,
    ...overrides,
    post: {
      type: 'news',
      title,
      excerpt: 'Ingressen.',
      slug: 'utflykt',
      url: '/nyhet/utflykt',
      content: [createBlock('html', { html: '<p>Text</p>' })],
      publishedDate: '2026-11-20T08:00:00.000Z',
      unpublishedDate: null,
      authoredDate: null,
      authorId: 7,
      pseudoAuthor: null,
      allowComments: true,
      requiresAcknowledgement: false,
      acknowledgeBy: null,
      ...overrides.post,
    },
    audience: { nodes: [], categories: [], users: [], editors: [], ...overrides.audience },
  };
}

export const summaryOf = ({
  number,
  recordedAt,
  event,
  status,
  title,
  changedBy,
}: VersionResponse): VersionSummary => ({ number, recordedAt, event, status, title, changedBy });
