import Box from '@mui/material/Box';
import { versionHistoryTexts } from '@skolportalen/shared/texts/version-history';
import { visuallyHidden } from '@/components/visually-hidden';
import type { DiffPart } from './word-diff';

const t = versionHistoryTexts;

/**
 * Removed and added text: struck through or underlined, each on its own tint,
 * and named in words for screen readers, which read `<del>` and `<ins>` as
 * plain text. Colour is never the only mark.
 */
const marks = {
  removed: {
    component: 'del',
    start: t.removed,
    end: t.removedEnd,
    sx: { bgcolor: '#fde8e8', color: '#7f1d1d', textDecorationThickness: '2px' },
  },
  added: {
    component: 'ins',
    start: t.added,
    end: t.addedEnd,
    sx: {
      bgcolor: '#e3f4e6',
      color: '#14532d',
      textDecorationThickness: '2px',
      textUnderlineOffset: '3px',
    },
  },
} as const;

export function DiffText({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <Box
      component="span"
      // What came right after what went is set a little apart, so the two words do not run together.
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', '& del + ins': { ml: '0.25em' } }}
    >
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        const mark = marks[part.kind];
        return (
          <Box key={index} component={mark.component} sx={{ ...mark.sx, px: '1px' }}>
            <Box component="span" sx={visuallyHidden}>
              {mark.start}
            </Box>
            {part.text}
            <Box component="span" sx={visuallyHidden}>
              {mark.end}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
