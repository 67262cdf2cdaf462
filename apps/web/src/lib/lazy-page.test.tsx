import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const Page = () => <h1>Startsidan</h1>;

function renderInSuspense(Component: React.ComponentType) {
  return render(
    <Suspense fallback={<p>Laddar</p>}>
      <Component />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('shows the fallback while the code loads', async () => {
    const Lazy = lazyPage(async () => ({ default: Page }));
    renderInSuspense(Lazy);
    expect(screen.getByText('Laddar')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
  });

  it('renders a page whose code has arrived at once, without the fallback', () => {
    let loads = 0;
    const Preloaded = lazyPage(
      async () => {
        loads += 1;
        return { default: Page };
      },
      () => Page,
    );
    renderInSuspense(Preloaded);
    // The heading is there in the very first commit.
    expect(screen.getByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(screen.queryByText('Laddar')).not.toBeInTheDocument();
    expect(loads).toBe(0);
  });

  it('falls back to loading when the code has not arrived', async () => {
    const Later = lazyPage(
      async () => ({ default: Page }),
      () => undefined,
    );
    renderInSuspense(Later);
    expect(screen.getByText('Laddar')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
  });
});
