import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { ShareDialog } from './share-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the share dialog (issue 20 F10)', () => {
  it('shows how long the new link lasts and lets its maker revoke it', async () => {
    const requests: string[] = [];
    mockFetch((url, init) => {
      requests.push(`${init.method ?? 'GET'} ${url}`);
      if (url.endsWith('/document-repository/v1/link') && init.method === 'POST')
        return json({
          entry: {
            id: 'abc123',
            nodeId: 'n1',
            name: 'Plan.pdf',
            expiresAt: '2026-12-26T12:00:00.000Z',
            url: '/api/document-repository/v1/shared/abc123',
          },
        });
      if (url.endsWith('/document-repository/v1/link/abc123') && init.method === 'DELETE')
        return new Response(null, { status: 204 });
      return undefined;
    });
    renderWithProviders(<ShareDialog guid="n1" name="Plan.pdf" onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Skapa länk' }));
    expect(await screen.findByText('Länken gäller till och med 26 december 2026.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Återkalla länken' }));
    expect(await screen.findByText('Länken är återkallad och fungerar inte längre.')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Länk' })).toBeNull();
    expect(requests).toContain('DELETE /api/document-repository/v1/link/abc123');
  });
});
