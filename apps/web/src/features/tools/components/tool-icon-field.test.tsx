import { sv, type LinkResponse, type MediaResponse } from '@skolportalen/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { json, mockFetch, signIn } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { ToolIcon } from './tool-icon';
import { ToolIconField, type ToolIconValue } from './tool-icon-field';

const t = sv.toolsAndProfile.adminTools;

const clock: MediaResponse = {
  id: 31,
  title: 'Klocka',
  alt: 'Ikon: en klocka',
  categoryId: 7,
  fileType: 'png',
  mimeType: 'image/png',
  filename: 'klocka-ab12.png',
  url: '/media/klocka-ab12.png',
  originalName: 'klocka.png',
  size: 4096,
  width: 256,
  height: 256,
  renditions: {
    thumb: { url: '/media/klocka-ab12-thumb.webp', width: 256, height: 256 },
    card: { url: '/media/klocka-ab12-card.webp', width: 256, height: 256 },
  },
  pdfTagged: null,
  usageCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  can: { edit: true, delete: true },
};

function serveLibrary() {
  signIn();
  return mockFetch((url) => {
    if (url === '/api/core/v1/user') return json(buildUser({ capabilities: { media_list: true } }));
    if (url.startsWith('/api/core/v1/category?type=media')) {
      return json([
        { id: 7, key: 'media_icon', name: 'Ikoner', type: 'media', nodes: [] },
        { id: 10, key: 'media_google_icon', name: 'Google-ikoner', type: 'media', nodes: [] },
      ]);
    }
    if (url.startsWith('/api/core/v1/media?')) {
      return json([clock], { headers: { 'x-pagination-total': '1' } });
    }
    return undefined;
  });
}

function Field({ initial = null }: { initial?: ToolIconValue }) {
  const [icon, setIcon] = useState<ToolIconValue>(initial);
  return (
    <ToolIconField id="tool" icon={icon} name="Schema" type="google-tool" onChange={setIcon} />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the tool icon field', () => {
  it('picks an icon from the library with the keyboard and shows its title and alt text', async () => {
    const fetch = serveLibrary();
    renderAt(<Field />);
    expect(screen.getByText(t.iconNone)).toBeInTheDocument();
    const user = userEvent.setup();
    screen.getByRole('button', { name: t.iconChoose }).focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: t.iconPickerTitle });
    const listUrl = fetch.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/core/v1/media?'))!;
    // A Google tool looks among the Google icons first, then the ordinary ones.
    expect(new URL(listUrl, 'http://x').searchParams.getAll('categoryId[]')).toEqual(['10', '7']);
    (await within(dialog).findByRole('button', { name: 'Välj Klocka' })).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Vald ikon: Klocka')).toBeInTheDocument();
    expect(screen.getByText('Alternativtext: Ikon: en klocka')).toBeInTheDocument();
    const choose = screen.getByRole('button', { name: t.iconChange });
    await waitFor(() => expect(choose).toHaveFocus());
  });

  it('removes the icon and leaves focus on the choose button', async () => {
    serveLibrary();
    renderAt(
      <Field
        initial={{
          id: 31,
          filename: clock.filename,
          title: 'Klocka',
          alt: 'Ikon: en klocka',
          image: clock.renditions!.thumb,
        }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: t.iconRemove }));
    expect(screen.getByText(t.iconNone)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: t.iconChoose })).toHaveFocus());
  });
});

describe('the tool icon', () => {
  const tool: Pick<LinkResponse, 'name' | 'icon' | 'type' | 'media'> = {
    name: 'schema',
    type: 'tool',
    icon: clock.filename,
    media: {
      id: 31,
      filename: clock.filename,
      title: 'Klocka',
      alt: 'Ikon: en klocka',
      image: clock.renditions!.thumb,
    },
  };

  it('loads the small copy, sized and lazily, as a decorative image', () => {
    const { container } = render(<ToolIcon tool={tool} size={40} />);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/media/klocka-ab12-thumb.webp');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('width', '40');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('shows the initial without an icon, and when the file cannot be loaded', () => {
    const { container, rerender } = render(
      <ToolIcon tool={{ ...tool, icon: null, media: null }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('S');

    rerender(<ToolIcon tool={tool} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('S');
  });
});
