import { sv } from '@skolportalen/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { LanguageQuestionDialog, shouldAskLanguage } from './language-question-dialog';

afterEach(() => vi.unstubAllGlobals());

const t = sv.translations.languageQuestion;
const guardian = buildUser({
  uid: 'omar.hassan',
  roleKeys: ['role_caretaker'],
  askLanguage: true,
  languageAsked: false,
});
const languages = {
  sourceLanguage: 'sv',
  languages: [
    { code: 'sv', endonym: 'Svenska', name: 'svenska', dir: 'ltr' },
    { code: 'ar', endonym: 'العربية', name: 'arabiska', dir: 'rtl' },
    { code: 'so', endonym: 'Soomaali', name: 'somaliska', dir: 'ltr' },
  ],
  machineTranslation: false,
};

function serve() {
  const saved: unknown[] = [];
  mockFetch((url, init) => {
    if (url === '/api/core/v1/translation/languages') return json(languages);
    if (url === '/api/core/v1/user/language' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { preferredLanguage?: string };
      saved.push(body);
      return json({ preferredLanguage: body.preferredLanguage ?? 'sv', languageAsked: true });
    }
    return undefined;
  });
  return saved;
}

describe('the language question', () => {
  it('is asked when the server says so, and not over "E-postadress saknas"', () => {
    expect(shouldAskLanguage(guardian)).toBe(true);
    expect(shouldAskLanguage({ ...guardian, email: null })).toBe(false);
    expect(shouldAskLanguage({ ...guardian, askLanguage: false })).toBe(false);
    expect(shouldAskLanguage(buildUser())).toBe(false);
  });

  it('lists each language in its own script and saves the choice', async () => {
    const user = userEvent.setup();
    const saved = serve();
    renderAt(<LanguageQuestionDialog user={guardian} />);

    const dialog = await screen.findByRole('dialog', { name: t.title });
    const arabic = screen.getByRole('button', { name: /العربية/ });
    expect(arabic).toHaveAttribute('lang', 'ar');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('button', { name: /Soomaali/ })).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: /Svenska/ })).toBeInTheDocument();

    await user.click(arabic);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(saved).toEqual([{ preferredLanguage: 'ar' }]);
  });

  it('"Fråga inte igen" puts the question away without a language', async () => {
    const user = userEvent.setup();
    const saved = serve();
    renderAt(<LanguageQuestionDialog user={guardian} />);
    const dialog = await screen.findByRole('dialog', { name: t.title });
    await user.click(screen.getByRole('button', { name: t.dismiss }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(saved).toEqual([{}]);
  });

  it('Escape puts it away too', async () => {
    const user = userEvent.setup();
    const saved = serve();
    renderAt(<LanguageQuestionDialog user={guardian} />);
    const dialog = await screen.findByRole('dialog', { name: t.title });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(saved).toEqual([{}]);
  });
});
