import type { GroupTemplateResponse } from '@skolportalen/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { GroupTemplatePicker } from './group-template-picker';

afterEach(() => vi.unstubAllGlobals());

const template: GroupTemplateResponse = {
  id: 4,
  name: 'Mina grupper i 3A',
  nodeIds: [11, 12, 13],
  nodes: [],
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  can: { edit: true, delete: true },
};

describe('choosing a favourite target group', () => {
  it('hands the template’s groups to the form that uses it', async () => {
    mockFetch((url) =>
      url.startsWith('/api/portal-service/v1/favorite') ? json([template]) : undefined,
    );
    const onChoose = vi.fn();
    renderWithProviders(<GroupTemplatePicker onChoose={onChoose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Välj favoritmålgrupp' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Mina grupper i 3A/ }));
    expect(onChoose).toHaveBeenCalledWith([11, 12, 13], template);
  });

  it('says so when there are none', async () => {
    mockFetch((url) => (url.startsWith('/api/portal-service/v1/favorite') ? json([]) : undefined));
    renderWithProviders(<GroupTemplatePicker onChoose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Välj favoritmålgrupp' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Inga sparade favoritmålgrupper' }),
    ).toHaveAttribute('aria-disabled', 'true');
  });
});
