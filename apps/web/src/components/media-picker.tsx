import type { MediaFileType } from '@skolportalen/shared';
import { createContext, useContext, type ReactNode } from 'react';

/** What a feature gets back when the user chooses a file. */
export interface PickedMedia {
  id: number;
  /** The stored name: the file is served at `/media/{filename}`. */
  filename: string;
  title: string;
  /** The library's alt text for the file. */
  alt: string;
  /** The original file's address. */
  url: string;
  /** The smallest copy of an image (its thumbnail rendition), for previews; null for a pdf. */
  image: { url: string; width: number; height: number } | null;
  /** The width-limited copy for showing in pages (its card rendition); null for a pdf. */
  display: { url: string; width: number; height: number } | null;
}

export interface MediaPickerProps {
  open: boolean;
  /** Called when the user closes the picker without choosing, and after a choice. */
  onClose: () => void;
  /** The chosen file; the picker closes itself afterwards. */
  onPick: (media: PickedMedia) => void;
  /** Only these media categories are listed; the first is where an upload goes by default. */
  categoryIds?: readonly number[];
  /** Only these formats are listed, e.g. `imageFileTypes` for a picture. */
  fileTypes?: readonly MediaFileType[];
  /** The dialog's heading; "Välj från mediabiblioteket" when left out. */
  title?: string;
  /** The file chosen now, marked "Vald nu" in the list. */
  selectedId?: number | null;
}

type RenderPicker = (props: MediaPickerProps) => ReactNode;

const MediaPickerContext = createContext<RenderPicker | null>(null);

/**
 * The media library as a picker, for any feature: tool icons, and the content
 * editor's post image, card and image blocks.
 *
 *   const [open, setOpen] = useState(false);
 *   <Button onClick={() => setOpen(true)}>Välj bild</Button>
 *   <MediaPicker
 *     open={open}
 *     onClose={() => setOpen(false)}
 *     categoryIds={[ids.mediaCategoryDefault]}
 *     fileTypes={imageFileTypes}
 *     onPick={(media) => setImage({ src: media.url, alt: media.alt })}
 *   />
 *
 * It is a modal dialog: it lists the library (search by title, filter by
 * category, pages), picks with the keyboard or the mouse, uploads a new file
 * inline and picks it, and returns focus to the button that opened it.
 * Features never import the media feature, so the dialog itself is supplied
 * by src/app through <MediaPickerProvider>; without a provider nothing shows.
 */
export function MediaPicker(props: MediaPickerProps) {
  const renderPicker = useContext(MediaPickerContext);
  return renderPicker ? renderPicker(props) : null;
}

/** src/app puts the media feature's picker dialog here. */
export function MediaPickerProvider({
  picker,
  children,
}: {
  picker: RenderPicker;
  children: ReactNode;
}) {
  return <MediaPickerContext.Provider value={picker}>{children}</MediaPickerContext.Provider>;
}
