import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestTracker } from '@/lib/request-tracker';
import { LoadingBar } from './loading-bar';

afterEach(() => vi.useRealTimers());

describe('loading bar', () => {
  it('appears only after 200 ms of pending requests and hides when they finish', async () => {
    vi.useFakeTimers();
    const tracker = createRequestTracker();
    render(<LoadingBar tracker={tracker} />);

    let done: (outcome: 'ok' | 'failed') => void = () => undefined;
    act(() => {
      done = tracker.start();
    });
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => vi.advanceTimersByTime(2));
    // The bar's code is fetched when it first shows.
    await act(() => vi.dynamicImportSettled());
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_500));
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(
      40,
    );

    act(() => done('ok'));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never shows for requests faster than 200 ms', () => {
    vi.useFakeTimers();
    const tracker = createRequestTracker();
    render(<LoadingBar tracker={tracker} />);
    act(() => tracker.start()('ok'));
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('turns to the error colour when a request fails', async () => {
    vi.useFakeTimers();
    const tracker = createRequestTracker();
    render(<LoadingBar tracker={tracker} />);
    let done: (outcome: 'ok' | 'failed') => void = () => undefined;
    act(() => {
      done = tracker.start();
    });
    act(() => vi.advanceTimersByTime(300));
    await act(() => vi.dynamicImportSettled());
    act(() => done('failed'));
    expect(screen.getByRole('progressbar').className).toMatch(/colorError/);
  });
});
