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
  it('lists each problem as a way to its block', async () => {
    render(
      <>
        <AccessibilityCheck content={content} nameOf={(block) => `Block ${block.id}`} />
        <button type="button" id="head-drag">
          Flytta rubriken
        </button>
      </>,
    );
    const check = screen.getByRole('region', { name: 'Tillgänglighetskontroll' });
    const items = within(check).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      'Block head: Rubriknivån hoppar från nivå 1 till nivå 4. Använd rubriker i ordning, utan att hoppa över någon nivå.',
      'Block pic: Bilden behöver en alternativtext som beskriver vad den visar.',
      'Block text: Länktexten ”här” säger inte vart länken leder. Skriv vad länken leder till.',
    ]);
    await userEvent.setup().click(items[0]!);
    expect(screen.getByRole('button', { name: 'Flytta rubriken' })).toHaveFocus();
  });

  it('says nothing about a page without problems', () => {
    const { container } = render(<AccessibilityCheck content={[]} nameOf={() => ''} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('puts a missing alternative text on the picture’s own field when publishing', () => {
    const mapped = mapFieldErrors(accessibilityErrors(content), content, new Set());
    expect(mapped.blocks).toEqual({
      pic: { alt: 'Bilden behöver en alternativtext som beskriver vad den visar.' },
    });
  });
});
