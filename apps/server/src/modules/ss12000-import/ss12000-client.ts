import {
  format,
  importFileMaxBytes,
  ss12000ImportFile,
  sv,
  type Ss12000ImportFile,
} from '@skolportalen/shared';
import type { Config } from '../../config';

export type Ss12000Config = NonNullable<Config['ss12000']>;

/** A failure the run reports in Swedish as it is. */
export class ImportSourceError extends Error {
  override name = 'ImportSourceError';
}

const maxPages = 10_000;
const e = sv.admin.import.errors;
const r = e.reasons;

/** The lists the import reads, with the filters SS 12000 offers for them. */
const endpoints = {
  organisations: [['type', 'Skolenhet']],
  groups: [
    ['groupType', 'Klass'],
    ['groupType', 'Undervisning'],
  ],
  persons: [['expand', 'responsibleFor']],
  duties: [],
} as const satisfies Record<keyof Ss12000ImportFile, readonly (readonly [string, string])[]>;

async function fetchPage(
  config: Ss12000Config,
  url: URL,
): Promise<{ data: unknown[]; pageToken: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        Accept: 'application/json',
        ...(config.token ? { Authorization: `Bearer ${config.token}` } : {}),
      },
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? r.timeout : r.unreachable;
    throw new ImportSourceError(
      format(e.apiFailed, { reason: format(reason, { path: url.pathname }) }),
    );
  }
  if (!response.ok) {
    const reason = format(r.status, { path: url.pathname, status: response.status });
    throw new ImportSourceError(format(e.apiFailed, { reason }));
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  const text = length > importFileMaxBytes ? null : await response.text();
  if (text === null || text.length > importFileMaxBytes) {
    throw new ImportSourceError(
      format(e.apiFailed, { reason: format(r.tooLarge, { path: url.pathname }) }),
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ImportSourceError(
      format(e.apiFailed, { reason: format(r.notJson, { path: url.pathname }) }),
    );
  }
  const page = body as { data?: unknown; pageToken?: unknown };
  if (!page || typeof page !== 'object' || !Array.isArray(page.data)) {
    throw new ImportSourceError(format(e.apiInvalid, { path: url.pathname, message: r.noData }));
  }
  return {
    data: page.data,
    pageToken: typeof page.pageToken === 'string' && page.pageToken ? page.pageToken : null,
  };
}

/**
 * Reads everything the import needs from an SS 12000 API, following
 * `pageToken` until the end, and checks it like an uploaded file. Nothing is
 * written before the whole source has been read and found valid.
 */
export async function fetchFromApi(
  config: Ss12000Config,
  onPage: () => Promise<void>,
): Promise<Ss12000ImportFile> {
  const collected: Record<string, unknown[]> = {};
  for (const [list, filters] of Object.entries(endpoints)) {
    collected[list] = [];
    let pageToken: string | null = null;
    for (let page = 0; page < maxPages; page += 1) {
      const url = new URL(`${config.baseUrl}/${list}`);
      // SS 12000: a page token cannot be combined with other filters.
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      else for (const [key, value] of filters) url.searchParams.append(key, value);
      const answer = await fetchPage(config, url);
      collected[list]!.push(...answer.data);
      await onPage();
      pageToken = answer.pageToken;
      if (!pageToken) break;
    }
  }
  const parsed = ss12000ImportFile.safeParse(collected);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ImportSourceError(
      format(e.apiInvalid, { path: issue.path.join('.'), message: issue.message }),
    );
  }
  return parsed.data;
}
