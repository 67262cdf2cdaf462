import type { MediaPickerProps } from '@/components/media-picker';
import { lazyOverlay } from '@/lib/lazy-overlay';

/** The media feature's dialog, as <MediaPicker> shows it in other features; its code loads the first time someone opens a picker. */
export const LazyMediaPicker = lazyOverlay<MediaPickerProps>(() =>
  import('@/features/media').then((module) => module.MediaPickerDialog),
);
