import { buildGroup, buildPost, buildRoleCategory, buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import type { PostInput } from '@skolportalen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildVersion, summaryOf } from '../versions/version-factories';
import EditorRoute from './editor-route';

afterEach(() => vi.unstubAllGlobals());

const classGroup = buildGroup({ id: 31, name: '3A', type: 'Klass', parentId: 1 });
const school = buildGroup({ id: 1, name: 'Ekbackens skola', type: 'Skolenhet', parentId: null });
const otherSchool = buildGroup({
  id: 2,
  name: 'Lindängsskolan',
  type: 'Skolenhet',
  parentId: null,
});
const students = buildRoleCategory({ id: 12, key: 'student', name: 'Elev' });

function serve(onSave: (body: PostInput) => Response) {
  return mockFetch((url, init) => {
    if (url === '/api/core/v1/user') {
      return json(buildUser({ capabilities: { create_post: true, publish_post: true } }));
    }
    if (url.startsWith('/api/core/v1/node?')) return json([school, classGroup, otherSchool]);
    if (url === '/api/core/v1/post-target-groups') return json([school, classGroup]);
    if (url.startsWith('/api/core/v1/category?type=role')) return json([students]);
    if (url.startsWith('/api/core/v1/post-slug-availability/')) {
      const slug = decodeURIComponent(url.split('/').pop()!.split('?')[0]!);
      return json({ slug, available: slug !== 'upptagen', suggestion: `${slug}-2`, message: null });
    }
    if (url === '/api/core/v1/post' && init.method === 'POST') {
      return onSave(JSON.parse(String(init.body)) as PostInput);
    }
    return undefined;
  });
}

const open = () =>
  renderRoutes([{ path: '/skapa-innehall/:id?', element: <EditorRoute /> }], '/skapa-innehall');

// The whole editor with its rich-text field is a big tree for jsdom.
describe('the content editor', { timeout: 30_000 }, () => {
  it('shows every problem beside its field before anything is sent', async () => {
    const user = userEvent.setup();
    const saves: PostInput[] = [];
    serve((body) => {
      saves.push(body);
      return json({}, { status: 500 });
    });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Skapa innehåll' });

    await user.click((await screen.findAllByRole('button', { name: 'Publicera' }))[0]!);
    const summary = await screen.findByRole('region', { name: /fel att rätta/ });
    // Each message names the field it is about.
    expect(
      within(summary).getByRole('button', { name: 'Rubrik: Fältet måste vara ifyllt' }),
    ).toBeInTheDocument();
    expect(
      within(summary).getByRole('button', { name: 'Grupper: Minst en grupp måste väljas' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByRole('textbox', { name: /^Rubrik/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(saves).toEqual([]);

    // A link in the summary takes the author to the field.
    await user.click(
      within(summary).getByRole('button', { name: 'Rubrik: Fältet måste vara ifyllt' }),
    );
    expect(screen.getByRole('textbox', { name: /^Rubrik/ })).toHaveFocus();
  });

  it('checks the address while typing and offers the suggestion', async () => {
    const user = userEvent.setup();
    serve(() => json({}));
    open();
    const slug = await screen.findByRole('textbox', { name: 'Adress' });
    await user.type(screen.getByRole('textbox', { name: /^Rubrik/ }), 'Upptagen');
    expect(slug).toHaveValue('upptagen');
    expect(
      await screen.findByText(/Adressen används redan/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Använd upptagen-2' }));
    expect(slug).toHaveValue('upptagen-2');
    expect(
      await screen.findByText('Adressen är ledig.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('offers only the groups the server allows the person to aim at', async () => {
    serve(() => json({}, { status: 500 }));
    open();
    expect(await screen.findByRole('checkbox', { name: /^Ekbackens skola/ })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /^3A/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /^Lindängsskolan/ })).not.toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Sök grupp' }), 'skol');
    expect(screen.queryByRole('checkbox', { name: /^Lindängsskolan/ })).not.toBeInTheDocument();
  });

  it('sends the spec’s wire format and puts the server’s block errors on the block', async () => {
    const user = userEvent.setup();
    const saves: PostInput[] = [];
    serve((body) => {
      saves.push(body);
      return json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Uppgifterna är inte giltiga. Rätta de markerade fälten.',
          errors: [
            { field: 'content.0.props.html', message: 'Texten är för lång' },
            { field: 'title', message: 'Fältet får innehålla max 128 tecken' },
          ],
        },
        { status: 400 },
      );
    });
    open();
    await user.type(await screen.findByRole('textbox', { name: /^Rubrik/ }), 'Utflykt');
    await user.click(await screen.findByRole('checkbox', { name: /3A/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Elev' }));
    await user.click((await screen.findAllByRole('button', { name: 'Publicera' }))[0]!);

    await waitFor(() => expect(saves).toHaveLength(1));
    const body = saves[0]!;
    expect(body.status).toBe('publish');
    expect(body.nodeIds).toEqual([31]);
    expect(body.categoryIds).toEqual([12]);
    expect(body.blurbs).toBe('[]');
    expect(body.contact).toBeNull();
    expect(body.content).toHaveLength(1);

    const summary = await screen.findByRole('region', { name: /fel att rätta/ });
    expect(within(summary).getByText('Text 1: Texten är för lång')).toBeInTheDocument();
    expect(
      within(summary).getByText('Rubrik: Fältet får innehålla max 128 tecken'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Rubrik/ })).toHaveAccessibleDescription(
      'Fältet får innehålla max 128 tecken',
    );
  });

  it('asks for a confirmation with a deadline, who confirms and reminders, and shows the server’s word beside the deadline', async () => {
    const user = userEvent.setup();
    const saves: PostInput[] = [];
    serve((body) => {
      saves.push(body);
      return json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Uppgifterna är inte giltiga. Rätta de markerade fälten.',
          errors: [
            { field: 'acknowledgeBy', message: 'Sista dag för läsbekräftelse har redan passerat' },
          ],
        },
        { status: 400 },
      );
    });
    open();
    await user.type(await screen.findByRole('textbox', { name: /^Rubrik/ }), 'Utflykt');
    await user.click(await screen.findByRole('checkbox', { name: /3A/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Elev' }));

    const section = screen.getByRole('region', { name: 'Läsbekräftelse' });
    expect(within(section).queryByRole('textbox', { name: /^Sista dag att bekräfta/ })).toBeNull();
    await user.click(within(section).getByRole('switch', { name: 'Kräver läsbekräftelse' }));
    await user.type(
      within(section).getByRole('textbox', { name: /^Sista dag att bekräfta/ }),
      '2030-12-04 12:00',
    );
    await user.click(within(section).getByRole('radio', { name: 'Alla vårdnadshavare' }));
    // One reminder a day before by default, said in words; a second one added and changed.
    const first = within(section).getByRole('textbox', { name: /^Påminnelse 1/ });
    expect(first).toHaveValue('24');
    expect(first).toHaveAccessibleDescription('1 dygn före');
    await user.click(within(section).getByRole('button', { name: 'Lägg till påminnelse' }));
    const second = within(section).getByRole('textbox', { name: /^Påminnelse 2/ });
    await user.clear(second);
    await user.type(second, '51');
    expect(second).toHaveAccessibleDescription('2 dygn och 3 timmar före');
    await user.click(within(section).getByRole('button', { name: 'Lägg till påminnelse' }));
    await user.click(
      within(section).getByRole('button', { name: 'Ta bort påminnelse 3 (2 timmar före)' }),
    );
    await user.click((await screen.findAllByRole('button', { name: 'Publicera' }))[0]!);

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      requiresAcknowledgement: true,
      acknowledgeBy: new Date('2030-12-04T12:00').toISOString(),
      acknowledgement: 'each-guardian',
      reminderHoursBefore: [24, 51],
    });
    const summary = await screen.findByRole('region', { name: /fel att rätta/ });
    expect(
      within(summary).getByText(
        'Sista dag att bekräfta: Sista dag för läsbekräftelse har redan passerat',
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('textbox', { name: /^Sista dag att bekräfta/ }),
    ).toHaveAccessibleDescription('Sista dag för läsbekräftelse har redan passerat');
  });

  it('names the heading buttons beginning with the text they show', async () => {
    serve(() => json({}));
    open();
    const toolbars = await screen.findAllByRole(
      'toolbar',
      { name: 'Textformat' },
      { timeout: 15_000 },
    );
    const toolbar = toolbars[0]!;
    for (const level of [1, 2, 3]) {
      const button = within(toolbar).getByRole('button', {
        name: `H${level}, underrubrik nivå ${level}`,
      });
      expect(button).toHaveTextContent(`H${level}`);
    }
  });

  it('tells someone who may not edit the post so, instead of opening the form', async () => {
    const post = buildPost({ id: 44, title: 'Skolavslutning', slug: 'skolavslutning' });
    mockFetch((url) => {
      if (url === '/api/core/v1/user')
        return json(buildUser({ capabilities: { create_post: true } }));
      if (url === '/api/core/v1/post/44?language=sv') return json(post);
      return undefined;
    });
    renderRoutes(
      [{ path: '/skapa-innehall/:id?', element: <EditorRoute /> }],
      '/skapa-innehall/44',
    );
    expect(await screen.findByText(/Du kan inte redigera det här innehållet/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Skolavslutning' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visa sidan' })).toHaveAttribute(
      'href',
      '/nyhet/skolavslutning',
    );
    expect(screen.queryByRole('button', { name: 'Spara ändringar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Rubrik/ })).not.toBeInTheDocument();
  });
});

describe('the history in the editor', { timeout: 30_000 }, () => {
  it('restores an earlier version as a draft and shows it in the form', async () => {
    const user = userEvent.setup();
    const can = {
      edit: true,
      delete: true,
      publish: true,
      changeRestricted: true,
      readAcknowledgements: false,
    };
    const post = buildPost({ id: 12, title: 'Utflykt på torsdag', slug: 'utflykt', can });
    const earlier = buildVersion({
      number: 1,
      event: 'published',
      post: { title: 'Utflykt' } as never,
    });
    const latest = buildVersion({ number: 2, post: { title: 'Utflykt på torsdag' } as never });
    const draft = buildPost({ id: 12, title: 'Utflykt', slug: 'utflykt', status: 'draft', can });
    let current = post;
    mockFetch((url, init) => {
      if (url === '/api/core/v1/user') {
        return json(buildUser({ capabilities: { create_post: true, publish_post: true } }));
      }
      if (url === '/api/core/v1/post/12?language=sv') return json(current);
      if (url.startsWith('/api/core/v1/node?')) return json([school]);
      if (url === '/api/core/v1/post-target-groups') return json([school]);
      if (url.startsWith('/api/core/v1/category?type=role')) return json([students]);
      if (url.startsWith('/api/core/v1/post/12/versions?')) {
        return json([summaryOf(latest), summaryOf(earlier)], {
          headers: { 'x-pagination-total': '2' },
        });
      }
      if (url === '/api/core/v1/post/12/versions/1') return json(earlier);
      if (url === '/api/core/v1/post/12/versions/2') return json(latest);
      if (url === '/api/core/v1/post/12/versions/1/restore' && init.method === 'POST') {
        current = draft;
        return json(draft);
      }
      return undefined;
    });
    renderRoutes(
      [{ path: '/skapa-innehall/:id?', element: <EditorRoute /> }],
      '/skapa-innehall/12',
    );
    const versions = await screen.findByRole('region', { name: 'Versioner' }, { timeout: 10_000 });
    await user.click(within(versions).getByRole('button', { name: 'Visa historik' }));
    const history = await screen.findByRole('dialog', {
      name: 'Historik för ”Utflykt på torsdag”',
    });
    await user.click(await within(history).findByRole('button', { name: 'Återställ version 1' }));
    const question = await screen.findByRole('dialog', { name: 'Återställa version 1?' });
    await user.click(within(question).getByRole('button', { name: 'Återställ som utkast' }));

    expect(
      await screen.findByText(
        'Versionen är återställd som ett utkast. Publicera det när det är klart.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^Rubrik/ })).toHaveValue('Utflykt');
    expect(screen.getByText('Status: Utkast')).toBeInTheDocument();
  });
});
