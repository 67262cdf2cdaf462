import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildAcknowledgementRow,
  buildAcknowledgementSummary,
  buildMustReadPost,
} from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { AcknowledgementReportButton } from './report-button';

afterEach(() => vi.unstubAllGlobals());

const counts = (acknowledged: number, pending: number, overdue: number) => ({
  total: acknowledged + pending + overdue,
  acknowledged,
  pending,
  overdue,
});

const summary = buildAcknowledgementSummary({
  postId: 30,
  acknowledgement: 'each-guardian',
  acknowledgeBy: '2026-12-04T11:00:00.000Z',
  ...counts(12, 5, 3),
  bySchool: [{ id: 1, name: 'Ekbackens skola', ...counts(12, 5, 3) }],
  byClass: [{ id: 31, name: '3A', schoolId: 1, ...counts(12, 5, 3) }],
  byRole: [
    { role: 'role_caretaker', ...counts(10, 5, 3) },
    { role: 'role_teacher', ...counts(2, 0, 0) },
  ],
  funnel: { sent: 30, opened: 22, acknowledged: 15 },
});

const rows = [
  buildAcknowledgementRow({
    kind: 'guardian',
    name: 'Karin Nilsson',
    role: 'role_caretaker',
    childId: 9,
    childName: 'Elsa Nilsson',
    classId: 31,
    className: '3A',
    state: 'acknowledged',
    acknowledgedAt: '2026-12-01T07:30:00.000Z',
    via: 'email-link',
    opened: true,
  }),
  // A protected person, as the server sends them: counted, not named, no school or class.
  buildAcknowledgementRow({
    kind: 'guardian',
    userId: null,
    name: 'Skyddad identitet',
    role: 'role_caretaker',
    childName: 'Skyddad identitet',
    schoolId: null,
    schoolName: null,
    state: 'overdue',
  }),
];

function serve() {
  const asked: string[] = [];
  mockFetch((url) => {
    if (url === '/api/core/v1/post/30/acknowledgement-summary') return json(summary);
    if (url.startsWith('/api/core/v1/post/30/acknowledgements')) {
      asked.push(url);
      return json(rows, { headers: { 'x-pagination-total': '60' } });
    }
    return undefined;
  });
  return asked;
}

const reportable = buildMustReadPost({
  id: 30,
  title: 'Utflykt till skogen',
  myAcknowledgement: null,
  can: {
    edit: true,
    delete: true,
    publish: true,
    changeRestricted: true,
    readAcknowledgements: true,
  },
});

describe('the must-read report', () => {
  it('shows the figures, the funnel, the rows as the server names them, and pages', async () => {
    const user = userEvent.setup();
    const asked = serve();
    renderAt(<AcknowledgementReportButton post={reportable} />);
    await user.click(screen.getByRole('button', { name: 'Läsbekräftelser' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Läsbekräftelser: Utflykt till skogen',
    });
    const totals = await within(dialog).findByRole('region', { name: 'Översikt' });
    const figure = (label: string) =>
      within(totals).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([figure('Bekräftade'), figure('Väntar'), figure('Försenade'), figure('Totalt')]).toEqual(
      ['12', '5', '3', '20'],
    );
    expect(totals).toHaveTextContent('en elev är klar när alla vårdnadshavare har bekräftat');
    const funnel = within(dialog).getByRole('region', { name: 'Skickat, öppnat och bekräftat' });
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Fick mejl 30', 'Öppnade 22', 'Bekräftade 15']);

    // By school, class and role, a tab each.
    expect(within(dialog).getByRole('rowheader', { name: 'Ekbackens skola' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Per roll' }));
    const byRole = within(dialog).getByRole('table', { name: 'Roll' });
    expect(within(byRole).getByRole('row', { name: /Vårdnadshavare/ })).toHaveTextContent(
      'Vårdnadshavare105318',
    );

    const table = await within(dialog).findByRole('table', {
      name: 'Mottagare och deras läsbekräftelser',
    });
    const karin = within(table).getByRole('row', { name: /Karin Nilsson/ });
    expect(karin).toHaveTextContent('Elsa Nilsson');
    expect(karin).toHaveTextContent('Bekräftad');
    expect(karin).toHaveTextContent('Via e-postlänken');
    const hidden = within(table).getByRole('row', { name: /Skyddad identitet/ });
    expect(hidden).toHaveTextContent('Försenad');
    expect(within(dialog).getByText('1–25 av 60')).toBeInTheDocument();
    expect(asked[0]).toBe('/api/core/v1/post/30/acknowledgements?page=1&perPage=25');
    await user.click(within(dialog).getByRole('button', { name: /nästa sida/i }));
    await waitFor(() =>
      expect(asked.at(-1)).toBe('/api/core/v1/post/30/acknowledgements?page=2&perPage=25'),
    );
    expect(within(dialog).getByText('26–50 av 60')).toBeInTheDocument();
  });

  it('filters the rows by state, role and group, and exports the same filtered list', async () => {
    const user = userEvent.setup();
    const asked = serve();
    renderAt(<AcknowledgementReportButton post={reportable} />);
    await user.click(screen.getByRole('button', { name: 'Läsbekräftelser' }));
    const dialog = await screen.findByRole('dialog');

    await user.click(await within(dialog).findByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Försenad' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Roll' }));
    await user.click(screen.getByRole('option', { name: 'Vårdnadshavare' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Skola eller klass' }));
    await user.click(screen.getByRole('option', { name: '3A, Ekbackens skola' }));

    await waitFor(() =>
      expect(asked.at(-1)).toBe(
        '/api/core/v1/post/30/acknowledgements?state=overdue&role=role_caretaker&nodeId=31&page=1&perPage=25',
      ),
    );
    expect(within(dialog).getByRole('link', { name: 'Exportera (CSV)' })).toHaveAttribute(
      'href',
      '/api/core/v1/post/30/acknowledgements?state=overdue&role=role_caretaker&nodeId=31&format=csv',
    );
  });

  it('is not offered to those the server does not let read it', () => {
    renderAt(
      <AcknowledgementReportButton
        post={{ ...reportable, can: { ...reportable.can, readAcknowledgements: false } }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Läsbekräftelser' })).toBeNull();
  });
});
