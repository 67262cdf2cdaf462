import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { SearchField } from './search-field';

function renderField(path = '/', onSearch = vi.fn()) {
  const field = (
    <SearchField
      landmarkLabel="Sök i Skolportalen"
      label="Sök i Skolportalen"
      onSearch={onSearch}
    />
  );
  return renderRoutes(
    [
      { path: '/', element: field },
      { path: '/sok', element: field },
    ],
    path,
  );
}

describe('the search field', () => {
  it('opens the results page for the trimmed text', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const { router } = renderField('/', onSearch);
    const form = screen.getByRole('search', { name: 'Sök i Skolportalen' });
    expect(form).toBeInTheDocument();
    await user.type(
      screen.getByRole('searchbox', { name: 'Sök i Skolportalen' }),
      '  skolor & år ',
    );
    await user.click(screen.getByRole('button', { name: 'Sök' }));
    expect(router.state.location.pathname).toBe('/sok');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('skolor & år');
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('does nothing with an empty text but keeps the focus in the field', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const { router } = renderField('/', onSearch);
    const field = screen.getByRole('searchbox', { name: 'Sök i Skolportalen' });
    await user.type(field, '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(field).toHaveFocus();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('shows the current search on the results page and caps the length', () => {
    renderField('/sok?q=skolan');
    const field = screen.getByRole('searchbox', { name: 'Sök i Skolportalen' });
    expect(field).toHaveValue('skolan');
    expect(field).toHaveAttribute('maxlength', '200');
  });
});
