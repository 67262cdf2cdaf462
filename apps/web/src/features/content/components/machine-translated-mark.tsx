import Typography from '@mui/material/Typography';
import { translationMarkTexts } from '@skolportalen/shared/texts/start-page';

/**
 * "Maskinöversatt" beside a post given in a machine translation (issue 27),
 * wherever its title and excerpt are shown, not only on its own page: a
 * reader should know before relying on it that no person wrote it.
 */
export function MachineTranslatedMark({ post }: { post: { machineTranslated: boolean } }) {
  if (!post.machineTranslated) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{
        display: 'inline-block',
        px: 0.75,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        color: 'text.secondary',
        fontSize: '0.8rem',
      }}
    >
      {translationMarkTexts.machineTranslated}
    </Typography>
  );
}
