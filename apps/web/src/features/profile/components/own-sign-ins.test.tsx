import type { OwnSignIn } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { OwnSignIns } from './own-sign-ins';

afterEach(() => vi.unstubAllGlobals());

const url = '/api/portal-service/v1/user/sign-ins';
const here: OwnSignIn = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'login',
  issued: '2026-11-20T07:30:00.000Z',
  lastUsed: '2026-11-20T09:00:00.000Z',
  expires: '2026-11-20T15:30:00.000Z',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  address: '192.168.1.…',
  current: true,
};
const phone: OwnSignIn = {
  ...here,
  id: '00000000-0000-4000-8000-000000000002',
  type: 'sso',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  address: null,
  current: false,
};

function section() {
  return renderAt(
    <section aria-labelledby="h">
      <h2 id="h" tabIndex={-1}>
        Dina inloggningar
      </h2>
      <OwnSignIns headingId="h" />
    </section>,
  );
}

describe('own sign-ins', () => {
  it('names each browser in plain words and marks this one', async () => {
    mockFetch((requested) => (requested === url ? json([here, phone]) : undefined));
    section();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Firefox på Windows')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Den här webbläsaren')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('Safari på iPhone')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByText(/via kommunens inloggning.*Okänd adress/),
    ).toBeInTheDocument();
  });

  it('signs out the other browser, says so and keeps the focus in the section', async () => {
    const fetchMock = mockFetch((requested, init) => {
      if (requested === url && (init.method ?? 'GET') === 'GET') return json([here, phone]);
      if (requested === `${url}/${phone.id}` && init.method === 'DELETE')
        return json({ ended: 1, signIns: [here] });
      return undefined;
    });
    section();
    await userEvent.click(
      await screen.findByRole('button', { name: /^Logga ut där: Safari på iPhone/ }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Inloggningen är avslutad.');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Dina inloggningar' })).toHaveFocus();
    expect(screen.getByText('Du är inte inloggad någon annanstans.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('explains itself instead of the list while someone acts as the person', async () => {
    mockFetch(() =>
      json(
        { code: 'FORBIDDEN', message: 'Det går inte medan du agerar som någon annan.' },
        { status: 403 },
      ),
    );
    section();
    expect(await screen.findByText(/visas bara för den som själv är inloggad/)).toBeInTheDocument();
  });
});
