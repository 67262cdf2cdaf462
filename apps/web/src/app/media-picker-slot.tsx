import { lazy, Suspense, useState } from 'react';
import type { MediaPickerProps } from '@/components/media-picker';

// The library's code loads the first time someone opens a picker.
const MediaPickerDialog = lazy(() =>
  import('@/features/media').then((module) => ({ default: module.MediaPickerDialog })),
);

/** The media feature's dialog, as <MediaPicker> shows it in other features. */
export function LazyMediaPicker(props: MediaPickerProps) {
  // Mounted from the first opening on, so closing plays out and focus goes back.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <MediaPickerDialog {...props} />
    </Suspense>
  );
}
