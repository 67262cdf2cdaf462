import { styled } from '@mui/material/styles';
import { svShell } from '@skolportalen/shared';

const SkipAnchor = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(1),
  top: theme.spacing(-8),
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1.5, 2),
  background: theme.palette.background.paper,
  color: theme.palette.primary.main,
  fontWeight: 700,
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.shadows[4],
  '&:focus': { top: theme.spacing(1), outline: `3px solid ${theme.palette.primary.main}` },
}));

/** First focusable element on every page (WCAG 2.4.1); every layout has `main#main`. */
export function SkipLink() {
  return <SkipAnchor href="#main">{svShell.app.skipToContent}</SkipAnchor>;
}
