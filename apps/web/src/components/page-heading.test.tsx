import { fireEvent, render, screen } from '@testing-library/react';
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

  it('leaves the focus where the user put it while the page was loading', () => {
    requestHeadingFocus();
    render(<button type="button">Notiser</button>);
    screen.getByRole('button', { name: 'Notiser' }).focus();
    render(<PageHeading>Startsida</PageHeading>);
    expect(screen.getByRole('button', { name: 'Notiser' })).toHaveFocus();
  });

  it('takes the focus from a header link that was pressed to get here', () => {
    render(<a href="/tools">Verktyg</a>);
    const link = screen.getByRole('link', { name: 'Verktyg' });
    link.focus();
    requestHeadingFocus();
    render(<PageHeading>Mina verktyg</PageHeading>);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('stays put on a first page load', () => {
    render(<PageHeading>Logga in</PageHeading>);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
  });

  it('shows no focus ring when it takes the focus after a click or on its own', () => {
    fireEvent.pointerDown(document.body);
    requestHeadingFocus();
    render(<PageHeading>Logga in</PageHeading>);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveFocus();
    expect(heading).not.toHaveAttribute('data-keyboard-focus');
  });

  it('shows where the focus went to someone who came by keyboard', () => {
    fireEvent.keyDown(document.body, { key: 'Enter' });
    requestHeadingFocus();
    render(<PageHeading>Mina verktyg</PageHeading>);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('data-keyboard-focus');
  });
});
