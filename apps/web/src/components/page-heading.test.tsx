import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestHeadingFocus } from '@/lib/route-focus';
import { PageHeading } from './page-heading';

describe('the page heading', () => {
  it('takes the focus after a route change', () => {
    requestHeadingFocus();
    render(<PageHeading>Mina verktyg</PageHeading>);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('leaves the focus in a modal dialog that opened with the page', () => {
    requestHeadingFocus();
    render(
      <>
        <div role="dialog" aria-modal="true" aria-label="Välj roll">
          <button type="button" autoFocus>
            Fortsätt
          </button>
        </div>
        <PageHeading>Välkommen</PageHeading>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Fortsätt' })).toHaveFocus();
  });

  it('stays put on a first page load', () => {
    render(<PageHeading>Logga in</PageHeading>);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
  });
});
