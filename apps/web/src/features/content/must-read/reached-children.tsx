import ChildCare from '@mui/icons-material/ChildCareOutlined';
import Box from '@mui/material/Box';
import { lighten } from '@mui/material/styles';
import { format, type ReachedChild } from '@skolportalen/shared';
import { mustReadNoticeTexts } from '@skolportalen/shared/texts/start-page';
import { joinNames } from './names';

/**
 * A guardian's badge on a post that reached some of their children: "Gäller
 * Elsa", "Gäller Elsa och Leo". The feed shows such a post once, however many
 * of the children it reached (decision 0040).
 */
export function ReachedChildren({ reached }: { reached: readonly ReachedChild[] }) {
  if (reached.length === 0) return null;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 4,
        // Opaque: the badge also sits on a crisis alert's red, where a see-through one lost contrast.
        bgcolor: (theme) => lighten(theme.palette.secondary.main, 0.85),
        border: 1,
        borderColor: 'secondary.main',
        color: 'text.primary',
        fontSize: '0.875rem',
        fontWeight: 600,
        lineHeight: 1.5,
      }}
    >
      <ChildCare sx={{ fontSize: 18 }} aria-hidden />
      {format(mustReadNoticeTexts.concerns, {
        names: joinNames(reached.map((child) => child.name)),
      })}
    </Box>
  );
}
