import { sv, type MediaResponse } from '@skolportalen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/factories';
import { installFakeXhr } from '@/test/fake-xhr';
import { json, mockFetch, signIn } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { MediaLibrary } from './media-library';
import { MediaPickerDialog } from './media-picker-dialog';

function buildMedia(overrides: Partial<MediaResponse> = {}): MediaResponse {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Bild ${id}`,
    alt: `Beskrivning av bild ${id}`,
    categoryId: 2,
    fileType: 'png',
    mimeType: 'image/png',
    filename: `abc-${id}.png`,
    url: `/media/abc-${id}.png`,
    originalName: 'bild.png',
    size: 20_480,
    width: 1200,
    height: 630,
    renditions: {
      thumb: { url: `/media/abc-${id}-thumb.webp`, width: 320, height: 168 },
      card: { url: `/media/abc-${id}-card.webp`, width: 960, height: 504 },
    },
    pdfTagged: null,
    usageCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    can: { edit: true, delete: true },
    ...overrides,
  };
}

const categories = [
  { id: 2, key: 'media_default', name: 'Bilder', type: 'media', nodes: [] },
  { id: 7, key: 'media_icon', name: 'Ikoner', type: 'media', nodes: [] },
  { id: 8, key: 'media_pdf', name: 'PDF-dokument', type: 'media', nodes: [] },
];

function serve(items: MediaResponse[], capabilities: Record<string, boolean> = {}) {
  signIn();
  return mockFetch((url, init) => {
    if (url === '/api/core/v1/user') return json(buildUser({ capabilities }));
    if (url.startsWith('/api/core/v1/category?type=media')) return json(categories);
    if (url.startsWith('/api/core/v1/media?')) {
      return json(items, { headers: { 'x-pagination-total': String(items.length) } });
    }
    if (/\/api\/core\/v1\/media\/\d+$/.test(url) && init.method === 'DELETE') {
      return json(
        { code: 'CONFLICT', message: 'Mediet används av 2 inlägg och kan inte tas bort.' },
        { status: 409 },
      );
    }
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the media library', () => {
  it('shows thumbnails with alt text, their size and lazy loading', async () => {
    serve([buildMedia({ id: 1 }), buildMedia({ id: 2, title: 'Skolgård', usageCount: 2 })]);
    renderAt(<MediaLibrary mode="manage" />);
    const image = await screen.findByAltText('Beskrivning av bild 1');
    expect(image).toHaveAttribute('src', '/media/abc-1-thumb.webp');
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '168');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Används på 2 ställen')).toBeInTheDocument();
    expect(screen.getByText('2 träffar')).toBeInTheDocument();
  });

  it('sends search and filters to the server', async () => {
    const fetchMock = serve([buildMedia()]);
    renderAt(<MediaLibrary mode="manage" />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(sv.media.search), 'höst');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringContaining('search=h%C3%B6st'),
      ),
    );
    await user.click(screen.getByLabelText(sv.media.category));
    await user.click(await screen.findByRole('option', { name: 'Ikoner' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringContaining('categoryId%5B%5D=7'),
      ),
    );
  });

  it('shows edit and delete only as the server allows', async () => {
    serve([buildMedia({ id: 1, can: { edit: false, delete: false } })]);
    renderAt(<MediaLibrary mode="manage" />);
    await screen.findByAltText('Beskrivning av bild 1');
    expect(screen.queryByRole('button', { name: 'Redigera Bild 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ta bort Bild 1' })).toBeNull();
    // Without media_upload there is no upload button either.
    expect(screen.queryByRole('button', { name: sv.media.upload })).toBeNull();
  });

  it('tells why a used item cannot be deleted', async () => {
    serve([buildMedia({ id: 3, title: 'Logga' })]);
    renderAt(<MediaLibrary mode="manage" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ta bort Logga' }));
    const dialog = await screen.findByRole('dialog', { name: sv.media.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: sv.media.delete }));
    expect(
      await within(dialog).findByText('Mediet används av 2 inlägg och kan inte tas bort.'),
    ).toBeInTheDocument();
  });

  it('uploads with a progress bar and shows the alt text rule', async () => {
    serve([], { media_upload: true, media_list: true });
    const Xhr = installFakeXhr();
    renderAt(<MediaLibrary mode="manage" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: sv.media.upload }));
    const dialog = await screen.findByRole('dialog', { name: sv.media.uploadTitle });
    expect(within(dialog).getByText(/Beskriv vad bilden visar/)).toBeInTheDocument();

    await user.upload(
      within(dialog).getByTestId('media-file-input'),
      new File(['%PDF-1.4'], 'Läsårsplan.pdf', { type: 'application/pdf' }),
    );
    expect(within(dialog).getByLabelText(/^Titel/)).toHaveValue('Läsårsplan');
    await user.click(within(dialog).getByRole('button', { name: sv.media.uploadSubmit }));
    expect(
      within(dialog).getByText('Fältet måste vara ifyllt', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(Xhr.sent).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Alternativtext/), 'Terminer och lov');
    await user.click(within(dialog).getByRole('button', { name: sv.media.uploadSubmit }));
    const request = Xhr.sent[0]!;
    const form = request.body as FormData;
    expect(form.get('categoryId')).toBe('8');
    expect(form.get('description')).toBe('Terminer och lov');
    request.progress(40, 100);
    expect(
      await within(dialog).findByRole('progressbar', { name: sv.media.uploadProgress }),
    ).toHaveAttribute('aria-valuenow', '40');
    request.respond(201, buildMedia({ id: 9, title: 'Läsårsplan', fileType: 'pdf' }));
    expect(await screen.findByText('”Läsårsplan” är uppladdad.')).toBeInTheDocument();
  });
});

describe('the picker dialog', () => {
  it('hands over id, file name, title, alt text and the small copy, and closes', async () => {
    serve([buildMedia({ id: 4, title: 'Ikon', categoryId: 7, alt: 'Ikon: en klocka' })]);
    const onPick = vi.fn();
    const onClose = vi.fn();
    renderAt(<MediaPickerDialog open onClose={onClose} onPick={onPick} categoryIds={[7]} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: sv.media.pickerTitle });
    // The alt text is shown with the thumbnail; picking needs no mouse.
    expect(await within(dialog).findByText('Alternativtext: Ikon: en klocka')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Redigera Ikon' })).toBeNull();
    within(dialog).getByRole('button', { name: 'Välj Ikon' }).focus();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith({
      id: 4,
      filename: 'abc-4.png',
      title: 'Ikon',
      alt: 'Ikon: en klocka',
      url: '/media/abc-4.png',
      image: { url: '/media/abc-4-thumb.webp', width: 320, height: 168 },
      display: { url: '/media/abc-4-card.webp', width: 960, height: 504 },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('asks only for the categories and formats it was given', async () => {
    const fetch = serve([]);
    renderAt(
      <MediaPickerDialog
        open
        onClose={vi.fn()}
        onPick={vi.fn()}
        categoryIds={[7, 10]}
        fileTypes={['png', 'gif', 'jpeg']}
      />,
    );
    await screen.findByText('0 träffar');
    const listUrl = fetch.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/core/v1/media?'))!;
    const query = new URL(listUrl, 'http://localhost').searchParams;
    expect(query.getAll('categoryId[]')).toEqual(['7', '10']);
    expect(query.getAll('fileType[]')).toEqual(['png', 'gif', 'jpeg']);
    // Images only: no file type choice that could list pdf documents.
    expect(screen.queryByLabelText('Filtyp')).toBeNull();
  });

  it('uploads inline and picks the new file; "back" returns to the upload button', async () => {
    serve([], { media_upload: true, media_list: true });
    const Xhr = installFakeXhr();
    const onPick = vi.fn();
    const hostSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    // Opened from inside a form of its host, as the tool form does.
    renderAt(
      <form onSubmit={hostSubmit}>
        <MediaPickerDialog open onClose={vi.fn()} onPick={onPick} />
      </form>,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: sv.media.pickerTitle });
    await user.click(await within(dialog).findByRole('button', { name: sv.media.upload }));
    const heading = within(dialog).getByRole('heading', { name: sv.media.uploadInlineTitle });
    await waitFor(() => expect(heading).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: sv.media.backToLibrary }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: sv.media.upload })).toHaveFocus(),
    );

    await user.click(within(dialog).getByRole('button', { name: sv.media.upload }));
    await user.upload(
      within(dialog).getByTestId('media-file-input'),
      new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }),
    );
    await user.type(within(dialog).getByLabelText(/^Alternativtext/), 'Planen för året');
    await user.click(within(dialog).getByRole('button', { name: sv.media.uploadAndPick }));
    expect(hostSubmit).not.toHaveBeenCalled();
    Xhr.sent[0]!.respond(
      201,
      buildMedia({ id: 12, title: 'plan', fileType: 'pdf', renditions: null, width: null }),
    );
    await waitFor(() =>
      expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 12, image: null })),
    );
  });
});
