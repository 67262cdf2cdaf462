import type { ImportRunResponse } from '@skolportalen/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import ImportRoute from './import-route';

const finished: ImportRunResponse = {
  id: 3,
  source: 'file',
  leavers: 'disable',
  state: 'succeeded',
  progress: 100,
  phase: 'links',
  report: {
    counts: {
      nodesCreated: 30,
      nodesUpdated: 0,
      usersCreated: 312,
      usersUpdated: 0,
      rolesAdded: 315,
      membershipsAdded: 600,
      membershipsRemoved: 0,
      usersDisabled: 4,
      usersEnabled: 0,
      accountLinksAdded: 200,
      categoryLinksAdded: 6,
    },
    read: { organisations: 4, groups: 30, persons: 314, duties: 24 },
    warnings: [
      'Wilma Henriksson har ingen tjänst, inskrivning, grupp eller vårdnad och fick inget konto.',
    ],
    warningCount: 1,
    durationMs: 2300,
  },
  error: null,
  createdBy: { id: 1, name: 'Eva Andersson' },
  createdAt: '2026-11-21T08:00:00.000Z',
  startedAt: '2026-11-21T08:00:00.000Z',
  finishedAt: '2026-11-21T08:00:02.300Z',
};

afterEach(() => vi.unstubAllGlobals());

function serve(onUpload: (body: unknown, url: string) => Response) {
  return mockFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/api/core/v1/user') return json(buildUser({ isAdmin: true }));
    if (path === '/api/core/v1/ss12000-import/source') {
      return json({ api: { configured: false, baseUrl: null }, maxFileBytes: 25 * 1024 * 1024 });
    }
    if (path === '/api/core/v1/ss12000-import') return json([finished]);
    if (path === '/api/core/v1/ss12000-import/file') return onUpload(init.body, url);
    return undefined;
  });
}

describe('the import screen', () => {
  it('shows the newest report, and that no API is configured', async () => {
    serve(() => json({}));
    renderAt(<ImportRoute />);
    expect(
      await screen.findByText(
        'Underlaget: 4 organisationer, 30 grupper, 314 personer, 24 tjänster.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Nya konton').nextSibling).toHaveTextContent('312');
    expect(
      screen.getByText('Avstängda konton (finns inte längre i underlaget)').nextSibling,
    ).toHaveTextContent('4');
    expect(screen.getByText('Att titta på (1)')).toBeInTheDocument();
    expect(screen.getByText(/Inget API för skolregistret är inställt/)).toBeInTheDocument();
  });

  it('sends the picked file as it is and lists the problems the server finds', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    serve((body) => {
      sent.push(body);
      return json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Uppgifterna är inte giltiga.',
          errors: [{ field: 'persons.0.givenName', message: 'Fältet måste vara ifyllt' }],
        },
        { status: 400 },
      );
    });
    renderAt(<ImportRoute />);
    const file = new File(['{"persons":[{}]}'], 'skolor.json', { type: 'application/json' });
    await user.upload(await screen.findByLabelText('Välj fil'), file);
    expect(screen.getByText('skolor.json')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importera filen' }));
    expect(
      await screen.findByText('persons.0.givenName: Fältet måste vara ifyllt'),
    ).toBeInTheDocument();
    expect(sent[0]).toBe(file);
  });

  it('asks what to do with accounts the source no longer lists, and sends the choice', async () => {
    const user = userEvent.setup();
    const urls: string[] = [];
    serve((_body, url) => {
      urls.push(url);
      return json({ ...finished, id: 4, state: 'queued', report: null }, { status: 202 });
    });
    renderAt(<ImportRoute />);
    const group = await screen.findByRole('radiogroup', {
      name: 'Konton som inte längre finns i underlaget',
    });
    expect(
      screen.getByRole('radio', { name: 'Stäng av dem, men inte om fler än en femtedel saknas' }),
    ).toBeChecked();
    expect(group).toHaveAccessibleDescription(/aktiveras kontot igen/);
    await user.click(screen.getByRole('radio', { name: 'Lämna dem påslagna' }));
    const file = new File(['{}'], 'skolor.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Välj fil'), file);
    await user.click(screen.getByRole('button', { name: 'Importera filen' }));
    expect(await screen.findByText('Importen har startat.')).toBeInTheDocument();
    expect(urls).toEqual(['/api/core/v1/ss12000-import/file?leavers=keep']);
  });
});
