/**
 * What the media feature offers the rest of the app. Other features receive
 * these through src/app (props or slots), never by importing this folder: the
 * picker reaches them as <MediaPicker> from src/components/media-picker.tsx.
 */
export { MediaPickerDialog, pickedMediaOf } from './components/media-picker-dialog';
export { MediaImage, type MediaImageSize } from './components/media-image';
export { MediaLibrary, type MediaLibraryProps } from './components/media-library';
export { useMediaItem } from './api/get-media';
