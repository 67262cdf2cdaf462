import { buildApprovalState, buildGroup, buildPost, buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import type { PostResponse } from '@skolportalen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EditorRoute from '../routes/editor-route';

afterEach(() => vi.unstubAllGlobals());

const school = buildGroup({ id: 1, name: 'Lindängsskolan', type: 'Skolenhet', parentId: null });
const classGroup = buildGroup({ id: 31, name: '8B', type: 'Klass', parentId: 1 });
const teacher = buildUser({ capabilities: { create_post: true, publish_post: true } });
const lars = { id: 9, name: 'Lars Berglund' };

function serve(extra: (url: string) => Response | undefined = () => undefined) {
  const checks: unknown[] = [];
  mockFetch((url, init) => {
    if (url === '/api/core/v1/user') return json(teacher);
    if (url.startsWith('/api/core/v1/node?')) return json([school, classGroup]);
    if (url === '/api/core/v1/post-target-groups') return json([school, classGroup]);
    if (url.startsWith('/api/core/v1/category?type=role')) return json([]);
    if (url.startsWith('/api/core/v1/post-slug-availability/'))
      return json({ slug: 'x', available: true, suggestion: 'x', message: null });
    if (url === '/api/core/v1/approval/check') {
      const body = JSON.parse(String(init.body)) as { nodeIds: number[] };
      checks.push(body);
      // The demo's rule: aimed at the whole school, the rektor approves.
      const required = body.nodeIds.includes(school.id);
      return json({
        required,
        rule: required ? { id: 1, name: 'Inlägg till en hel skola' } : null,
        approvers: required ? [lars] : [],
      });
    }
    return extra(url);
  });
  return checks;
}

const openEditor = (path: string) =>
  renderRoutes([{ path: '/skapa-innehall/:id?', element: <EditorRoute /> }], path);

const saveBar = () => screen.getByRole('region', { name: 'Spara och publicera' });

const existing = (overrides: Partial<PostResponse>) =>
  buildPost({
    id: 44,
    title: 'Skoldans i aulan',
    nodeIds: [school.id],
    can: {
      edit: true,
      delete: true,
      publish: true,
      changeRestricted: true,
      readAcknowledgements: false,
    },
    ...overrides,
  });

describe('approval in the editor', { timeout: 30_000 }, () => {
  it('says "Skicka för godkännande", and who approves, once the post is aimed at the whole school', async () => {
    const user = userEvent.setup();
    const checks = serve();
    openEditor('/skapa-innehall');
    await screen.findByRole('heading', { level: 1, name: 'Skapa innehåll' });
    await waitFor(() => expect(checks.length).toBeGreaterThan(0));
    expect(within(saveBar()).getByRole('button', { name: 'Publicera' })).toBeInTheDocument();

    await user.click(await screen.findByRole('checkbox', { name: /^8B/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Lindängsskolan/ }));
    expect(
      await within(saveBar()).findByRole('button', { name: 'Skicka för godkännande' }),
    ).toBeInTheDocument();
    expect(saveBar()).toHaveTextContent('Godkänns av: Lars Berglund');
    // Asked once the choice settled, not for each click.
    expect(checks.at(-1)).toEqual({ type: 'news', nodeIds: [1, 31] });
    expect(checks.length).toBeLessThanOrEqual(3);

    await user.click(screen.getByRole('checkbox', { name: /^Lindängsskolan/ }));
    expect(await within(saveBar()).findByRole('button', { name: 'Publicera' })).toBeInTheDocument();
    expect(saveBar()).not.toHaveTextContent('Godkänns av');
  });

  it('tells the author of a waiting post whom it waits for', async () => {
    serve((url) => {
      if (url === '/api/core/v1/post/44?language=sv') return json(existing({ status: 'pending' }));
      if (url === '/api/core/v1/post/44/approval') return json(buildApprovalState());
      return undefined;
    });
    openEditor('/skapa-innehall/44');
    const waiting = await screen.findByText(/Väntar på godkännande av Lars Berglund\./);
    expect(waiting.closest('[role="status"]')).toHaveTextContent(/Skickat \S+ 30 november/);
  });

  it('shows the comment of a post sent back, with who sent it back and when', async () => {
    serve((url) => {
      if (url === '/api/core/v1/post/44?language=sv') return json(existing({ status: 'draft' }));
      if (url === '/api/core/v1/post/44/approval')
        return json(
          buildApprovalState({
            state: 'returned',
            decidedAt: '2026-12-01T13:30:00.000Z',
            decidedBy: lars,
            comment: 'Skriv vilken dag dansen är.',
          }),
        );
      return undefined;
    });
    openEditor('/skapa-innehall/44');
    const comment = await screen.findByText('Skriv vilken dag dansen är.');
    const notice = comment.closest('[role="status"]')!;
    expect(
      within(notice as HTMLElement).getByRole('heading', {
        name: /^Skickat tillbaka av Lars Berglund \S+ 1 december/,
      }),
    ).toBeInTheDocument();
    expect(notice).toHaveTextContent('Rätta inlägget och skicka det för godkännande igen.');
    expect(
      await within(saveBar()).findByRole('button', { name: 'Skicka för godkännande' }),
    ).toBeInTheDocument();
  });
});
