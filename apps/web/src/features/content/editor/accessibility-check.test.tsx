import { createBlock, type Block } from '@skolportalen/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccessibilityCheck, accessibilityErrors } from './accessibility-check';
import { mapFieldErrors } from './error-map';

const picture = { ...createBlock('image', { imgSrc: '/media/a-card.webp', alt: '' }), id: 'pic' };
const deepHeading = { ...createBlock('heading', { text: 'Packlista', size: 4 }), id: 'head' };
const text = {
  ...createBlock('html', { html: '<p><a href="https://skolan.se/anmalan">här</a></p>' }),
  id: 'text',
};
const content = [
  deepHeading,
  {
    ...createBlock('row'),
    id: 'row',
    children: [{ ...createBlock('col'), id: 'col', children: [picture] }],
  },
  text,
] as Block[];

describe('the accessibility check in the editor', () => {
  it('lists what stops publishing apart from what warns, each with a way to its block', async () => {
    render(
      <>
        <AccessibilityCheck content={content} nameOf={(block) => `Block ${block.id}`} />
        <button type="button" id="head-drag">
          Flytta rubriken
        </button>
      </>,
    );
    const check = screen.getByRole('region', { name: 'Tillgänglighetskontroll' });
    const blocking = within(check).getByRole('heading', { name: 'Stoppar publicering' });
    const warnings = within(check).getByRole('heading', { name: 'Bör rättas' });
    const listAfter = (heading: HTMLElement) =>
      within(heading.parentElement!)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(listAfter(blocking)).toEqual([
      'Block pic: Bilden behöver en alternativtext som beskriver vad den visar. Gå till blocket',
    ]);
    expect(listAfter(warnings)).toEqual([
      'Block head: Rubriknivån hoppar från nivå 1 till nivå 4. Använd rubriker i ordning, utan att hoppa över någon nivå. Gå till blocket',
      'Block text: Länktexten ”här” säger inte vart länken leder. Skriv vad länken leder till. Gå till blocket',
    ]);
    await userEvent
      .setup()
      .click(within(check).getByRole('button', { name: 'Gå till Block head' }));
    expect(screen.getByRole('button', { name: 'Flytta rubriken' })).toHaveFocus();
  });

  it('shows the readability against the readers’ target, and says when there is nothing to fix', () => {
    const plain = [
      {
        ...createBlock('html', {
          html: '<p>Förvaltningen genomför under vårterminen en omfattande utvärdering av verksamhetens kvalitetsarbete.</p>',
        }),
        id: 'p',
      },
    ] as Block[];
    render(
      <AccessibilityCheck
        content={plain}
        nameOf={() => ''}
        target={{ audience: 'guardians', target: 40 }}
      />,
    );
    // 10 words, 1 sentence, 7 long: 10 + 70 = 80.
    expect(screen.getByTestId('readability')).toHaveTextContent(
      'Läsbarhet: LIX 80 (mycket svår) · Målet för vårdnadshavare är högst 40. Texten är svårare än målet',
    );
    expect(screen.getByText('Inga problem hittades i blocken.')).toBeInTheDocument();
  });

  it('warns about a video without captions and a link to an untagged PDF', () => {
    const blocks = [
      { ...createBlock('video', { videoSrc: 'https://video.se/v/1' }), id: 'v' },
      { ...createBlock('html', { html: '<p><a href="/media/x.pdf">Rutiner</a></p>' }), id: 't' },
    ] as Block[];
    render(
      <AccessibilityCheck
        content={blocks}
        nameOf={(block) => `Block ${block.id}`}
        context={{ untaggedPdfs: new Set(['x.pdf']) }}
      />,
    );
    const warnings = screen.getByRole('heading', { name: 'Bör rättas' }).parentElement!;
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Block v: Videon är inte markerad som textad.'),
      expect.stringContaining('Block t: Länken leder till en PDF som inte är taggad'),
    ]);
    expect(screen.queryByRole('heading', { name: 'Stoppar publicering' })).toBeNull();
  });

  it('puts a missing alternative text on the picture’s own field when publishing', () => {
    const mapped = mapFieldErrors(accessibilityErrors(content), content, new Set());
    expect(mapped.blocks).toEqual({
      pic: { alt: 'Bilden behöver en alternativtext som beskriver vad den visar.' },
    });
  });
});
