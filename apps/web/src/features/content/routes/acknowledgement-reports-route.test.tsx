import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AcknowledgementReportItem } from '@skolportalen/shared';
import { buildAcknowledgementSummary } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import AcknowledgementReportsRoute from './acknowledgement-reports-route';

afterEach(() => vi.unstubAllGlobals());

const item = (overrides: Partial<AcknowledgementReportItem>): AcknowledgementReportItem => ({
  id: 30,
  type: 'news',
  title: 'Utflykt till skogen',
  url: '/nyhet/utflykt-till-skogen',
  author: { id: 4, name: 'Anna Larsson' },
  publishedDate: '2026-11-20T08:00:00.000Z',
  acknowledgeBy: '2026-12-04T11:00:00.000Z',
  acknowledgement: 'each-reader',
  ...overrides,
});

describe('the list of must-read reports', () => {
  it('lists the notices the server gives, links those one may read, and opens a report', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mockFetch((url) => {
      if (url.startsWith('/api/core/v1/acknowledgement-reports')) {
        asked.push(url);
        return json(
          [
            item({}),
            // A notice to the school's guardians: its report, not its reading page.
            item({ id: 31, title: 'Samtycke till fotografering', url: null, acknowledgeBy: null }),
          ],
          { headers: { 'x-pagination-total': '2' } },
        );
      }
      if (url === '/api/core/v1/post/31/acknowledgement-summary') {
        return json(buildAcknowledgementSummary({ postId: 31 }));
      }
      if (url.startsWith('/api/core/v1/post/31/acknowledgements')) {
        return json([], { headers: { 'x-pagination-total': '0' } });
      }
      return undefined;
    });
    renderAt(<AcknowledgementReportsRoute />);

    const list = await screen.findByRole('list', { name: 'Meddelanden med läsbekräftelse' });
    expect(asked).toEqual(['/api/core/v1/acknowledgement-reports?page=1&perPage=25']);
    expect(screen.getByRole('status')).toHaveTextContent('2 meddelanden');
    const trip = within(list).getByRole('article', { name: 'Utflykt till skogen' });
    expect(within(trip).getByRole('link', { name: 'Utflykt till skogen' })).toHaveAttribute(
      'href',
      '/nyhet/utflykt-till-skogen',
    );
    expect(trip).toHaveTextContent('Av Anna Larsson');
    expect(trip).toHaveTextContent(/Sista dag \S+ 4 december/);

    const consent = within(list).getByRole('article', { name: 'Samtycke till fotografering' });
    expect(within(consent).queryByRole('link')).toBeNull();
    expect(consent).toHaveTextContent('Ingen sista dag');
    expect(consent).toHaveTextContent('Du är inte mottagare');

    await user.click(within(consent).getByRole('button', { name: 'Visa läsbekräftelser' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Läsbekräftelser: Samtycke till fotografering',
    });
    expect(await within(dialog).findByRole('region', { name: 'Översikt' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when there is nothing to follow up', async () => {
    mockFetch((url) =>
      url.startsWith('/api/core/v1/acknowledgement-reports')
        ? json([], { headers: { 'x-pagination-total': '0' } })
        : undefined,
    );
    renderAt(<AcknowledgementReportsRoute />);
    expect(
      await screen.findByText('Det finns inga meddelanden med läsbekräftelse att följa upp.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Läsbekräftelser' })).toBeInTheDocument();
  });
});
