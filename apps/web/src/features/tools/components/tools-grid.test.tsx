import type { LinkResponse } from '@skolportalen/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { softHyphen } from '@/lib/swedish-hyphenation';
import { ToolsGrid } from './tools-grid';

const tool = {
  id: 8,
  name: 'Personalportalen',
  shortDescription: 'Lön, ledighet och personalfrågor',
  longDescription: 'Lönespecifikationer och ansökan om ledighet.',
  url: 'https://personal.exempelby.se',
  type: 'tool',
  isNew: false,
  icon: null,
  media: null,
} as LinkResponse;

describe('the tools grid', () => {
  it('breaks a long name only between syllables and keeps its accessible name whole', () => {
    render(<ToolsGrid tools={[tool]} label="Dina verktyg" />);
    const link = screen.getByRole('link', { name: /^Personalportalen/ });
    expect(link.textContent).toContain(`Per${softHyphen}so${softHyphen}nal${softHyphen}por`);
    const shown = Array.from(link.querySelectorAll('[aria-hidden="true"]')).find((node) =>
      node.textContent?.includes(softHyphen),
    ) as HTMLElement;
    expect(getComputedStyle(shown).overflowWrap).toBe('normal');
    expect(getComputedStyle(shown).hyphens).toBe('manual');
  });
});
