import type { RetentionRule } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import RetentionRoute from './retention-route';

const news: RetentionRule = {
  id: 1,
  postType: 'news',
  keepMonths: 24,
  decision: 'KS 2024/123',
  createdAt: '2026-01-10T08:00:00.000Z',
  updatedAt: '2026-01-10T08:00:00.000Z',
  due: 3,
};
const pages: RetentionRule = { ...news, id: 2, postType: 'page', keepMonths: null, due: 0 };

afterEach(() => vi.unstubAllGlobals());

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function serve(rules: RetentionRule[], answer: (sent: Sent) => Response = () => json(news)) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/api/core/v1/user') return json(buildUser({ isAdmin: true }));
    if (path === '/api/core/v1/retention-rules' && (init.method ?? 'GET') === 'GET') {
      return json(rules);
    }
    if (path?.startsWith('/api/core/v1/retention-rules')) {
      const request = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      sent.push(request);
      return answer(request);
    }
    return undefined;
  });
  return sent;
}

describe('the retention screen', () => {
  it('lists the rules with their decisions and what the next run would delete', async () => {
    serve([news, pages]);
    renderAt(<RetentionRoute />);
    const list = await screen.findByRole('list', { name: 'Gallringsregler per innehållstyp' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Nyhet');
    expect(items[0]).toHaveTextContent('24 månader efter avpublicering');
    expect(items[0]).toHaveTextContent('KS 2024/123');
    expect(items[0]).toHaveTextContent('3 inlägg');
    expect(items[1]).toHaveTextContent('För alltid');
    expect(items[1]).not.toHaveTextContent('Gallras vid nästa körning');
    expect(
      screen.getByText(/nästa körning ta bort 3 inlägg med alla deras versioner/),
    ).toBeInTheDocument();
  });

  it('adds a rule kept forever, offering only the types without one', async () => {
    const user = userEvent.setup();
    const sent = serve([news], () => json(pages, { status: 201 }));
    renderAt(<RetentionRoute />);
    await user.click(await screen.findByRole('button', { name: 'Lägg till regel' }));
    const dialog = screen.getByRole('dialog', { name: 'Ny gallringsregel' });
    await user.click(within(dialog).getByRole('combobox', { name: /Innehållstyp/ }));
    expect(screen.queryByRole('option', { name: 'Nyhet' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Sida' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Spara för alltid' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Gallringsbeslut/ }),
      'KS 2024/124',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Gallringsregeln är sparad.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/core/v1/retention-rules',
        body: { postType: 'page', keepMonths: null, decision: 'KS 2024/124' },
      },
    ]);
  });

  it('shows the server’s words at the fields, and asks for whole months before sending', async () => {
    const user = userEvent.setup();
    const sent = serve([news], () =>
      json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Uppgifterna är inte giltiga.',
          errors: [
            {
              field: 'decision',
              message: 'Ange gallringsbeslutet som regeln vilar på, t.ex. KS 2024/123',
            },
          ],
        },
        { status: 400 },
      ),
    );
    renderAt(<RetentionRoute />);
    await user.click(await screen.findByRole('button', { name: 'Ändra regeln för Nyhet' }));
    const dialog = screen.getByRole('dialog', { name: 'Ändra gallringsregeln för Nyhet' });
    const months = within(dialog).getByRole('spinbutton', {
      name: /Antal månader efter avpublicering/,
    });
    await user.clear(months);
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(
      within(dialog).getByText('Ange ett helt antal månader, 1–1200, eller spara för alltid'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(months, '36');
    await user.clear(within(dialog).getByRole('textbox', { name: /Gallringsbeslut/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(
      await within(dialog).findByText(
        'Ange gallringsbeslutet som regeln vilar på, t.ex. KS 2024/123',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/core/v1/retention-rules/1',
        body: { postType: 'news', keepMonths: 36, decision: '' },
      },
    ]);
  });

  it('deletes a rule once asked, and links the export with its filters', async () => {
    const user = userEvent.setup();
    const sent = serve([news], () => new Response(null, { status: 204 }));
    renderAt(<RetentionRoute />);
    await user.click(await screen.findByRole('button', { name: 'Ta bort regeln för Nyhet' }));
    const dialog = screen.getByRole('dialog', { name: 'Ta bort gallringsregeln?' });
    expect(dialog).toHaveTextContent('Inlägg av typen Nyhet sparas då för alltid');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    expect(await screen.findByText('Gallringsregeln är borttagen.')).toBeInTheDocument();
    expect(sent.map((request) => [request.method, request.url])).toEqual([
      ['DELETE', '/api/core/v1/retention-rules/1'],
    ]);

    const link = await screen.findByRole('link', { name: 'Exportera till e-arkiv' });
    expect(link).toHaveAttribute('href', '/api/core/v1/post-export');
    await user.type(screen.getByRole('textbox', { name: 'Versioner från' }), '2025-01-01');
    await user.type(screen.getByRole('textbox', { name: 'Versioner till' }), '2024-12-31');
    expect(screen.getByRole('button', { name: 'Exportera till e-arkiv' })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Versioner till' }));
    await user.type(screen.getByRole('textbox', { name: 'Versioner till' }), '2025-12-31');
    expect(screen.getByRole('link', { name: 'Exportera till e-arkiv' })).toHaveAttribute(
      'href',
      '/api/core/v1/post-export?from=2025-01-01&to=2025-12-31',
    );
  });
});
