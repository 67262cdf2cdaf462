import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { sv } from '@skolportalen/shared';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

// Tiptap arrives only when a text block is edited: it never weighs on the first page.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Box role="status" aria-label={sv.posts.richText.loading}>
          <Skeleton variant="rounded" height={190} />
        </Box>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
