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

  it('preloads the code once: the page then renders at once and asks for nothing more', async () => {
    let loads = 0;
    const Page2 = lazyPage(async () => {
      loads += 1;
      return { default: Page };
    });
    await Promise.all([Page2.preload(), Page2.preload()]);
    expect(loads).toBe(1);
    renderInSuspense(Page2);
    expect(screen.getByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(screen.queryByText('Laddar')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('a page opened while its preload is under way waits for that same load', async () => {
    let loads = 0;
    let arrive: () => void = () => undefined;
    const Slow = lazyPage(() => {
      loads += 1;
      return new Promise<{ default: React.ComponentType }>((resolve) => {
        arrive = () => resolve({ default: Page });
      });
    });
    const preloaded = Slow.preload();
    renderInSuspense(Slow);
    expect(screen.getByText('Laddar')).toBeInTheDocument();
    arrive();
    await preloaded;
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('a failed preload is quiet, and opening the page tries the code again', async () => {
    let loads = 0;
    const Flaky = lazyPage(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Page };
    });
    await expect(Flaky.preload()).resolves.toBeUndefined();
    renderInSuspense(Flaky);
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(loads).toBe(2);
  });
});
