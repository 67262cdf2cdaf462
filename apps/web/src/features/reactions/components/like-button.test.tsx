import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LikeButton } from './like-button';

const summary = (count: number, liked: boolean) => ({
  count,
  liked,
  likeId: liked ? 9 : null,
});

describe('LikeButton', () => {
  it('is a toggle button named "Gilla …", described by the count', async () => {
    const onToggle = vi.fn();
    render(
      <LikeButton
        summary={summary(3, false)}
        label="Gilla inlägget"
        canLike
        canUnlike
        pending={false}
        onToggle={onToggle}
      />,
    );
    const button = screen.getByRole('button', { name: 'Gilla inlägget' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleDescription('3 gillar');
    await userEvent.setup().click(button);
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  it('says "Du gillar detta" when pressed, and is reached and pressed with the keyboard', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(
      <LikeButton
        summary={summary(1, true)}
        label="Gilla kommentaren av Elsa Nilsson"
        canLike
        canUnlike
        pending={false}
        onToggle={onToggle}
      />,
    );
    const button = screen.getByRole('button', { name: 'Gilla kommentaren av Elsa Nilsson' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAccessibleDescription('1 gillar · Du gillar detta');
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledTimes(2);
  });

  it('shows only the count to a reader who may not like, or not take a like back', () => {
    const { rerender } = render(
      <LikeButton
        summary={summary(0, false)}
        label="Gilla inlägget"
        canLike={false}
        canUnlike
        pending={false}
        onToggle={() => undefined}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Ingen gillar än')).toBeInTheDocument();
    rerender(
      <LikeButton
        summary={summary(2, true)}
        label="Gilla inlägget"
        canLike
        canUnlike={false}
        pending={false}
        onToggle={() => undefined}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('2 gillar · Du gillar detta')).toBeInTheDocument();
  });

  it('cannot be pressed twice while the first press is on its way, and keeps the focus', async () => {
    const onToggle = vi.fn();
    render(
      <LikeButton
        summary={summary(0, false)}
        label="Gilla inlägget"
        canLike
        canUnlike
        pending
        onToggle={onToggle}
      />,
    );
    const button = screen.getByRole('button', { name: 'Gilla inlägget' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.focus();
    await userEvent.keyboard(' ');
    expect(onToggle).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });
});
