import type { MyNotificationResponse } from '@skolportalen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { NotificationBell } from './notification-bell';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, subject: string, readAt: string | null): MyNotificationResponse => ({
  id,
  subject,
  text: `Om ${subject}`,
  source: 'manual',
  postId: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  readAt,
});

// Several user steps each; a busy machine needs more than the default five seconds.
describe('the notification bell', { timeout: 20_000 }, () => {
  it('says how many are unread, lists them and marks them read', async () => {
    let unread = 1;
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/portal-service/v1/notification/date') {
        return json({
          lastSentAt: '2026-11-20T08:00:00.000Z',
          lastReadAt: null,
          unreadCount: unread,
        });
      }
      if (url.startsWith('/api/portal-service/v1/notification?')) {
        return json([
          item(2, 'Utflykt', unread ? null : '2026-11-20T09:00:00.000Z'),
          item(1, 'Lucia', '2026-11-19T09:00:00.000Z'),
        ]);
      }
      if (url === '/api/portal-service/v1/user/SetNotificationStatus') {
        posted.push(JSON.parse(String(init.body)));
        unread = 0;
        return json({ lastSentAt: null, lastReadAt: '2026-11-20T09:00:00.000Z', unreadCount: 0 });
      }
      return undefined;
    });
    renderAt(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notiser, 1 olästa' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveTextContent('1');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notiser' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((entry) => within(entry).getByRole('heading').textContent)).toEqual([
      'Utflykt',
      'Lucia',
    ]);
    await userEvent.click(within(panel).getByRole('button', { name: 'Markera alla som lästa' }));
    await waitFor(() => expect(posted).toEqual([{ notificationIds: [2], status: 'read' }]));
    // The pressed button is gone; focus stays in the panel, so Escape still closes it.
    await waitFor(() =>
      expect(within(panel).getByRole('heading', { name: 'Notiser' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    const read = await screen.findByRole('button', { name: 'Notiser' });
    expect(read).toHaveAttribute('aria-expanded', 'false');
    // The count is gone from the button's text too, not just hidden: its name says no number.
    expect(read).not.toHaveTextContent(/\d/);
  });

  it('removes one on request', async () => {
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (url.endsWith('/notification/date')) {
        return json({ lastSentAt: null, lastReadAt: null, unreadCount: 0 });
      }
      if (url.includes('/notification?'))
        return json([item(5, 'Studiedag', '2026-11-20T09:00:00.000Z')]);
      if (url.endsWith('/SetNotificationStatus')) {
        posted.push(JSON.parse(String(init.body)));
        return json({ lastSentAt: null, lastReadAt: null, unreadCount: 0 });
      }
      return undefined;
    });
    renderAt(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notiser' }));
    const panel = await screen.findByRole('dialog', { name: 'Notiser' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Ta bort notisen Studiedag' }),
    );
    await waitFor(() => expect(posted).toEqual([{ notificationIds: [5], status: 'dismissed' }]));
  });
});
