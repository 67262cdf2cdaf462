import Button from '@mui/material/Button';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';

/** A system setting as the browser reports it through matchMedia. */
function prefersReducedMotion(reduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduced && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

async function pressedButton() {
  render(
    <AppProviders>
      <Button>Spara</Button>
    </AppProviders>,
  );
  const button = screen.getByRole('button', { name: 'Spara' });
  await userEvent.setup().pointer({ keys: '[MouseLeft>]', target: button });
  return button;
}

describe('motion (WCAG 2.3.3)', () => {
  it('buttons ripple for people who have not asked for less motion', async () => {
    prefersReducedMotion(false);
    const button = await pressedButton();
    expect(button.querySelector('.MuiTouchRipple-root')).not.toBeNull();
  });

  it('nothing ripples for people who ask their system for less motion', async () => {
    prefersReducedMotion(true);
    const button = await pressedButton();
    expect(button.querySelector('.MuiTouchRipple-root')).toBeNull();
  });
});
