import Box from '@mui/material/Box';
import type { HighlightedText as Pieces } from '@skolportalen/shared';
import { Fragment } from 'react';

/**
 * Text with its matching words in <mark>. The pieces come from the server as
 * plain text; React escapes them, so nothing in them can become markup.
 */
export function HighlightedText({ pieces }: { pieces: Pieces }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.match ? (
          <Box
            component="mark"
            key={index}
            sx={{ bgcolor: '#fff1b8', color: 'inherit', fontWeight: 700, px: 0.25 }}
          >
            {piece.text}
          </Box>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}
