import { sv } from '@skolportalen/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createErrorStore } from '@/lib/error-store';
import { ErrorToasts } from './error-toasts';

afterEach(() => vi.useRealTimers());

describe('error toasts', () => {
  it('show status, url and message, accumulate, and stay until closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const store = createErrorStore();
    render(<ErrorToasts store={store} />);

    act(() => {
      store.push({ status: 500, url: '/api/core/v1/post', message: 'Ett oväntat fel inträffade.' });
      store.push({ status: 409, url: '/api/core/v1/category', message: 'Uppgiften krockar.' });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByText('Fel 500')).toBeInTheDocument();
    expect(screen.getByText('/api/core/v1/post')).toBeInTheDocument();
    expect(screen.getByText('Uppgiften krockar.')).toBeInTheDocument();

    // Nothing closes them on a timer.
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.getAllByRole('alert')).toHaveLength(2);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(
      screen.getAllByRole('button', { name: sv.errorToast.close })[0] as HTMLElement,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Fel 500')).toBeNull();
    expect(screen.getByText('Fel 409')).toBeInTheDocument();
  });
});
