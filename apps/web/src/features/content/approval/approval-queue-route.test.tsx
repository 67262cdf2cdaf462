import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalQueueItem } from '@skolportalen/shared';
import { buildApprovalState, buildPost } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import ApprovalQueueRoute from './approval-queue-route';

afterEach(() => vi.unstubAllGlobals());

const waiting = (id: number, title: string, version = 3): ApprovalQueueItem => ({
  post: buildPost({
    id,
    title,
    status: 'pending',
    content: [
      {
        id: `b${id}`,
        type: 'html',
        version: 1,
        props: { html: `<p>Texten i ${title}.</p>` },
        children: [],
      },
    ],
  }),
  approval: buildApprovalState({ version }),
});

const queueOf = (items: ApprovalQueueItem[]) =>
  json(items, { headers: { 'x-pagination-total': String(items.length) } });

describe('the approver’s page "Att godkänna"', () => {
  it('lists what waits, shows the whole post, and approves the version read', async () => {
    const user = userEvent.setup();
    let items = [waiting(40, 'Skoldans i aulan'), waiting(41, 'Nya öppettider i biblioteket')];
    const decided: { url: string; body: unknown }[] = [];
    mockFetch((url, init) => {
      if (url.startsWith('/api/core/v1/approval?')) return queueOf(items);
      if (url === '/api/core/v1/post/40/approve') {
        decided.push({ url, body: JSON.parse(String(init.body)) });
        items = items.filter((item) => item.post.id !== 40);
        return json(buildPost({ id: 40, title: 'Skoldans i aulan', status: 'publish' }));
      }
      return undefined;
    });
    renderAt(<ApprovalQueueRoute />);

    const list = await screen.findByRole('list', { name: 'Inlägg som väntar på godkännande' });
    const dance = within(list).getByRole('article', { name: 'Skoldans i aulan' });
    expect(dance).toHaveTextContent('Nyhet');
    expect(dance).toHaveTextContent('Av Johan Berg');
    expect(dance).toHaveTextContent(/Skickat \S+ 30 november/);
    expect(dance).toHaveTextContent('Regel: Inlägg till en hel skola godkänns av rektor');

    await user.click(within(dance).getByRole('button', { name: /^Läs och besluta/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Att godkänna: Skoldans i aulan' });
    expect(within(dialog).getByText('Texten i Skoldans i aulan.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Godkänn' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(decided).toEqual([{ url: '/api/core/v1/post/40/approve', body: { version: 3 } }]);
    expect(screen.getByRole('status')).toHaveTextContent(
      '”Skoldans i aulan” är godkänt och publicerat.',
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Skoldans i aulan' })).toBeNull(),
    );
    expect(
      screen.getByRole('article', { name: 'Nya öppettider i biblioteket' }),
    ).toBeInTheDocument();
  });

  it('sends back only with a comment', async () => {
    const user = userEvent.setup();
    let items = [waiting(42, 'Skoldans i aulan')];
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url.startsWith('/api/core/v1/approval?')) return queueOf(items);
      if (url === '/api/core/v1/post/42/return') {
        sent.push(JSON.parse(String(init.body)));
        items = [];
        return json(buildPost({ id: 42, title: 'Skoldans i aulan', status: 'draft' }));
      }
      return undefined;
    });
    renderAt(<ApprovalQueueRoute />);

    await user.click(await screen.findByRole('button', { name: /^Läs och besluta/ }));
    const reading = await screen.findByRole('dialog', { name: 'Att godkänna: Skoldans i aulan' });
    await user.click(within(reading).getByRole('button', { name: 'Skicka tillbaka' }));
    const ask = await screen.findByRole('dialog', { name: 'Skicka tillbaka ”Skoldans i aulan”' });
    await user.click(within(ask).getByRole('button', { name: 'Skicka tillbaka' }));
    expect(
      within(ask).getByRole('textbox', { name: /Kommentar till författaren/ }),
    ).toHaveAccessibleDescription('Skriv vad som behöver ändras.');
    expect(sent).toEqual([]);

    await user.type(
      within(ask).getByRole('textbox', { name: /Kommentar till författaren/ }),
      'Skriv vilken dag dansen är.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Skicka tillbaka' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ version: 3, comment: 'Skriv vilken dag dansen är.' }]);
    expect(screen.getByRole('status')).toHaveTextContent(
      '”Skoldans i aulan” är skickat tillbaka till författaren.',
    );
    expect(
      await screen.findByText('Inget väntar på ditt godkännande just nu.'),
    ).toBeInTheDocument();
  });

  it('says when the post changed since it was opened, and shows the new version', async () => {
    const user = userEvent.setup();
    let items = [waiting(43, 'Skoldans i aulan')];
    const versions: number[] = [];
    mockFetch((url, init) => {
      if (url.startsWith('/api/core/v1/approval?')) return queueOf(items);
      if (url === '/api/core/v1/post/43/approve') {
        const { version } = JSON.parse(String(init.body)) as { version: number };
        versions.push(version);
        if (version === 3) {
          items = [waiting(43, 'Skoldans i aulan fredag', 4)];
          return json(
            {
              status: 409,
              code: 'conflict',
              message:
                'Inlägget har ändrats sedan du öppnade det. Läs den nya versionen innan du godkänner eller skickar tillbaka.',
            },
            { status: 409 },
          );
        }
        items = [];
        return json(buildPost({ id: 43, title: 'Skoldans i aulan fredag' }));
      }
      return undefined;
    });
    renderAt(<ApprovalQueueRoute />);

    await user.click(await screen.findByRole('button', { name: /^Läs och besluta/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Att godkänna: Skoldans i aulan' });
    await user.click(within(dialog).getByRole('button', { name: 'Godkänn' }));
    dialog = await screen.findByRole('dialog', { name: 'Att godkänna: Skoldans i aulan fredag' });
    const alerts = within(dialog).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain(
      'Inlägget har ändrats sedan du öppnade det. Läs den nya versionen innan du godkänner eller skickar tillbaka.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Godkänn' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(versions).toEqual([3, 4]);
  });
});
