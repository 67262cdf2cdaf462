/**
 * A machine translation service behind one interface (issue 27). The first
 * is any LibreTranslate-compatible API (./libre-translate.ts); another
 * service needs only another implementation.
 */
export interface TranslationProvider {
  /**
   * Translates each HTML fragment from one language to another, keeping the
   * markup; answers as many fragments, in order. What comes back is the
   * provider's, to be sanitised before it is stored or shown.
   */
  translate(html: readonly string[], from: string, to: string): Promise<string[]>;
}

/**
 * Why a provider did not translate: it is busy (its rate limit), it cannot
 * translate into the language, it refused the portal (its key), or it failed.
 */
export type ProviderFailure = 'busy' | 'language' | 'refused' | 'failed';

export class TranslationProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TranslationProviderError';
  }
}
