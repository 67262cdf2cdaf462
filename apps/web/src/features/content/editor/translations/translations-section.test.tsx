import { createBlock, sv } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPost } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import TranslationsSection from './translations-section';

afterEach(() => vi.unstubAllGlobals());

const t = sv.translations.editor;
const heading = createBlock('heading', { text: 'Skolan är stängd' });
const post = buildPost({
  id: 12,
  type: 'alert',
  title: 'Stängt i dag',
  excerpt: 'Stanna hemma.',
  content: [heading],
});
const languages = [
  { code: 'sv', endonym: 'Svenska', name: 'svenska', dir: 'ltr' },
  { code: 'ar', endonym: 'العربية', name: 'arabiska', dir: 'rtl' },
  { code: 'so', endonym: 'Soomaali', name: 'somaliska', dir: 'ltr' },
  { code: 'fi', endonym: 'Suomi', name: 'finska', dir: 'ltr' },
];

function serve(machine: boolean) {
  const puts: unknown[] = [];
  mockFetch((url, init) => {
    if (url === '/api/core/v1/translation/languages') {
      return json({ sourceLanguage: 'sv', languages, machineTranslation: machine });
    }
    if (url === '/api/core/v1/post/12/translation') {
      return json({
        postId: 12,
        translations: [
          {
            language: 'ar',
            endonym: 'العربية',
            name: 'arabiska',
            dir: 'rtl',
            state: 'outdated',
            machineTranslated: false,
            updatedBy: { id: 1, name: 'Anna' },
            updated: '2026-11-27T08:00:00Z',
          },
        ],
        can: { edit: true, machine },
      });
    }
    if (url === '/api/core/v1/post/12/audience-languages') {
      return json({
        postId: 12,
        total: 30,
        languages: [
          { ...languages[0], count: 25, translation: 'source' },
          { ...languages[1], count: 3, translation: 'outdated' },
          { ...languages[2], count: 2, translation: 'none' },
        ],
      });
    }
    if (url === '/api/core/v1/post/12/translation/so/machine' && init.method === 'POST') {
      return json({
        postId: 12,
        language: 'so',
        dir: 'ltr',
        title: 'Xiran maanta',
        excerpt: 'Guriga joog.',
        content: [{ ...heading, props: { ...heading.props, text: 'Dugsigu waa xiran yahay' } }],
        machineTranslated: true,
      });
    }
    if (url === '/api/core/v1/post/12/translation/so' && init.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      return json({});
    }
    return undefined;
  });
  return puts;
}

describe("the editor's translations", () => {
  it("lists the audience's languages with their readers and how each translation stands", async () => {
    serve(false);
    renderWithProviders(<TranslationsSection post={post} />);
    const arabic = (await screen.findByText('arabiska')).closest('li')!;
    expect(within(arabic).getByText('العربية')).toHaveAttribute('dir', 'rtl');
    expect(arabic).toHaveTextContent('3 av 30');
    expect(within(arabic).getByText(sv.translations.states.outdated)).toBeInTheDocument();
    expect(within(arabic).getByRole('button', { name: `${t.edit}: arabiska` })).toBeInTheDocument();
    const somali = screen.getByText('somaliska').closest('li')!;
    expect(within(somali).getByText(sv.translations.states.none)).toBeInTheDocument();
    expect(screen.queryByText('svenska')).toBeNull();
  });

  it('fills a translation from the machine, keeps its label unless corrected, and saves it', async () => {
    const user = userEvent.setup();
    const puts = serve(true);
    renderWithProviders(<TranslationsSection post={post} />);
    await user.click(await screen.findByRole('button', { name: `${t.add}: somaliska` }));
    const form = screen.getByRole('form', { name: /somaliska/ });
    expect(within(form).getByText('Skolan är stängd')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: t.machineFill }));
    expect(await within(form).findByDisplayValue('Xiran maanta')).toHaveAttribute('lang', 'so');
    expect(within(form).getByText(t.machineNote)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeInTheDocument();
    expect(puts[0]).toMatchObject({
      title: 'Xiran maanta',
      excerpt: 'Guriga joog.',
      machineTranslated: true,
      content: [{ id: heading.id, props: { text: 'Dugsigu waa xiran yahay' } }],
    });
  });
});
