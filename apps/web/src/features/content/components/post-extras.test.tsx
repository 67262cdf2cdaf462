import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { InfoLinks } from './post-extras';

describe('info links', () => {
  it('open another site in a new tab even when not asked to, and the portal’s own pages in the same tab (issue 20 F4)', () => {
    renderWithProviders(
      <InfoLinks
        links={[
          { title: 'Skolverket', url: 'https://www.skolverket.se/', openInNewWindow: false },
          { title: 'Om skolan', url: `${window.location.origin}/sida/om`, openInNewWindow: false },
          { title: 'Blanketter', url: `${window.location.origin}/sida/b`, openInNewWindow: true },
        ]}
      />,
    );
    const external = screen.getByRole('link', { name: /Skolverket/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener');
    expect(screen.getByRole('link', { name: /Om skolan/ })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: /Blanketter/ })).toHaveAttribute('target', '_blank');
  });
});
