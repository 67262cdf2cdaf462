import {
  TranslationProviderError,
  type ProviderFailure,
  type TranslationProvider,
} from './translation-provider';

export interface LibreTranslateOptions {
  /** The service's base URL, without a trailing slash. */
  url: string;
  apiKey: string | null;
  timeoutMs: number;
}

function failureOf(status: number, error: string): ProviderFailure {
  if (status === 429) return 'busy';
  if (status === 403) return 'refused';
  // LibreTranslate answers 400 "xx is not supported" for a language it lacks.
  if (status === 400 && /not supported/i.test(error)) return 'language';
  return 'failed';
}

/**
 * A client of the LibreTranslate API (POST /translate with `q` as a list,
 * `format: html`, and `api_key` when the service asks for one). Its refusals
 * come as `{ "error": "…" }` with 400, 403, 429 or 500.
 */
export function libreTranslate(options: LibreTranslateOptions): TranslationProvider {
  return {
    async translate(html, from, to) {
      if (html.length === 0) return [];
      let response: Response;
      try {
        response = await fetch(`${options.url}/translate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            q: html,
            source: from,
            target: to,
            format: 'html',
            ...(options.apiKey ? { api_key: options.apiKey } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new TranslationProviderError('failed', `no answer: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as {
        translatedText?: unknown;
        error?: unknown;
      } | null;
      if (!response.ok) {
        const error = typeof body?.error === 'string' ? body.error.slice(0, 300) : '';
        throw new TranslationProviderError(
          failureOf(response.status, error),
          `${response.status} ${error}`.trim(),
        );
      }
      const translated = body?.translatedText;
      if (
        !Array.isArray(translated) ||
        translated.length !== html.length ||
        !translated.every((item) => typeof item === 'string')
      ) {
        throw new TranslationProviderError('failed', 'an answer of another shape than asked for');
      }
      return translated as string[];
    },
  };
}
