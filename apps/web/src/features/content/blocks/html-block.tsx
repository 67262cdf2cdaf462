import Box from '@mui/material/Box';
import type { BlockOf } from '@skolportalen/shared';
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize';

/** Styles for text from the rich-text editor, shared by html blocks and the editor itself. */
export const richTextSx = {
  '& p': { my: 1.5 },
  '& h2, & h3, & h4, & h5': { mt: 3, mb: 1, lineHeight: 1.3 },
  '& ul, & ol': { pl: 3 },
  '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
  '& a': { color: 'primary.main', textDecoration: 'underline' },
  '& pre': { bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto' },
  overflowWrap: 'anywhere',
} as const;

/** Rich text, sanitised with the shared policy before it reaches the page. */
export function HtmlBlock({ block }: { block: BlockOf<'html'> }) {
  const html = useMemo(() => sanitizeHtml(block.props.html), [block.props.html]);
  if (html.trim() === '') return null;
  return <Box sx={richTextSx} dangerouslySetInnerHTML={{ __html: html }} />;
}
