import { createBlock, type Block } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PageBuilder } from './page-builder';

function Harness({
  initial,
  errors = {},
  onTree,
}: {
  initial: Block[];
  errors?: Record<string, Record<string, string>>;
  onTree?: (tree: Block[]) => void;
}) {
  const [tree, setTree] = useState(initial);
  return (
    <PageBuilder
      value={tree}
      errors={errors}
      onChange={(next) => {
        setTree(next);
        onTree?.(next);
      }}
    />
  );
}

const status = () =>
  screen
    .getAllByRole('status')
    .map((node) => node.textContent)
    .join(' ');

describe('the page builder', () => {
  it('moves blocks with the buttons and says where they went', async () => {
    const user = userEvent.setup();
    let latest: Block[] = [];
    const heading = createBlock('heading', { text: 'Välkommen' });
    const html = createBlock('html', { html: '<p>Text</p>' });
    renderWithProviders(<Harness initial={[heading, html]} onTree={(tree) => (latest = tree)} />);

    expect(screen.getByRole('button', { name: 'Flytta upp Rubrik 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Flytta ned Rubrik 1' }));
    expect(latest.map((block) => block.id)).toEqual([html.id, heading.id]);
    expect(status()).toContain('Rubrik 1 flyttad till plats 2 av 2 i sidan.');
    expect(screen.getByRole('button', { name: 'Flytta ned Rubrik 1' })).toBeDisabled();
  });

  it('offers only the blocks allowed in each place and builds a row of two columns', async () => {
    const user = userEvent.setup();
    let latest: Block[] = [];
    renderWithProviders(<Harness initial={[]} onTree={(tree) => (latest = tree)} />);

    await user.click(screen.getByRole('button', { name: 'Lägg till block på sidan' }));
    const topMenu = screen.getByRole('menu');
    const topChoices = within(topMenu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(topChoices).toContain('Rad');
    expect(topChoices).toContain('Video');
    expect(topChoices).not.toContain('Kolumn');
    expect(topChoices).not.toContain('Tabellrad');
    await user.click(within(topMenu).getByRole('menuitem', { name: 'Rad' }));

    expect(latest).toHaveLength(1);
    expect(latest[0]!.children.map((child) => child.type)).toEqual(['col', 'col']);
    expect(status()).toContain('Rad 1 tillagd i sidan.');

    // A row takes only columns; a column takes text, headings, images… but no video.
    await user.click(screen.getByRole('button', { name: 'Lägg till i Rad 1' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Kolumn']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Lägg till i Kolumn 1' }));
    const colChoices = within(screen.getByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(colChoices).toEqual(['Kort', 'Rad', 'Rubrik', 'Text', 'Tabell', 'Bild']);
    await user.click(screen.getByRole('menuitem', { name: 'Rubrik' }));
    expect(latest[0]!.children[0]!.children.map((child) => child.type)).toEqual(['heading']);
  });

  it('moves a heading to another column from the keyboard menu, and removes blocks', async () => {
    const user = userEvent.setup();
    let latest: Block[] = [];
    const heading = createBlock('heading', { text: 'Rubrik' });
    const left = createBlock('col', {}, [heading]);
    const right = createBlock('col');
    const row = createBlock('row', {}, [left, right]);
    renderWithProviders(<Harness initial={[row]} onTree={(tree) => (latest = tree)} />);

    await user.click(screen.getByRole('button', { name: 'Flytta Rubrik 1 till …' }));
    const targets = within(screen.getByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(targets).toEqual(['Sidan (sist)', 'Kolumn 2 (sist)']);
    await user.click(screen.getByRole('menuitem', { name: 'Kolumn 2 (sist)' }));
    expect(latest[0]!.children[1]!.children.map((child) => child.id)).toEqual([heading.id]);
    expect(status()).toContain('Rubrik 1 flyttad till plats 1 av 1 i Kolumn 2.');

    await user.click(screen.getByRole('button', { name: 'Ta bort Rubrik 1' }));
    expect(latest[0]!.children[1]!.children).toEqual([]);
    expect(status()).toContain('Rubrik 1 borttagen.');
  });

  it('shows a block’s errors at its fields and marks the block', async () => {
    const user = userEvent.setup();
    const col = createBlock('col', { cols: 6 });
    const row = createBlock('row', {}, [col]);
    renderWithProviders(
      <Harness
        initial={[row]}
        errors={{
          [col.id]: { cols: 'Kolumnbredden måste vara 12, 6, 4, 3 eller 2' },
          [row.id]: { type: 'Blocket Rad får inte ligga i sidan' },
        }}
      />,
    );
    expect(screen.getByText('Blocket Rad får inte ligga i sidan')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Redigera Kolumn 1' }));
    expect(screen.getByText('Kolumnbredden måste vara 12, 6, 4, 3 eller 2')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bredd' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('has keyboard help for the builder', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={[]} />);
    const help = screen.getByRole('button', { name: 'Hjälp för tangentbordet' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    await user.click(help);
    expect(help).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Flytta upp och Flytta ned/)).toBeVisible();
  });
});
