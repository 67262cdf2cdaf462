import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useSetOwnLanguage } from '@/features/profile/api/own-language';
import { isApiError } from '@/lib/api-error';
import { useContentLanguages } from '@/lib/content-languages';

const t = sv.translations.languageQuestion;

/**
 * "Vilket språk vill du läsa nyheter på?": every language by its own name, in
 * its own script, so a reader finds theirs without reading Swedish. Choosing
 * one saves it; "Fråga inte igen" (or Escape) keeps Swedish and puts the
 * question away for good.
 */
export function LanguageQuestionPrompt({ open, onDone }: { open: boolean; onDone: () => void }) {
  const languages = useContentLanguages();
  const save = useSetOwnLanguage();
  const answer = (preferredLanguage?: string) => {
    save.mutate(preferredLanguage ? { preferredLanguage } : {}, { onSuccess: onDone });
  };

  return (
    <Dialog
      open={open && languages.data !== undefined}
      onClose={() => (save.isPending ? undefined : answer())}
      aria-labelledby="language-question-title"
      aria-describedby="language-question-intro"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="language-question-title">{t.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="language-question-intro" sx={{ mb: 2 }}>
          {t.intro}
        </DialogContentText>
        <Box
          component="ul"
          aria-label={t.choose}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
            gap: 1,
          }}
        >
          {(languages.data?.languages ?? []).map((language) => (
            <li key={language.code}>
              <Button
                variant="outlined"
                fullWidth
                disabled={save.isPending}
                lang={language.code}
                dir={language.dir}
                onClick={() => answer(language.code)}
                sx={{ flexDirection: 'column', textTransform: 'none', py: 1 }}
              >
                <Typography component="span" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                  {language.endonym}
                </Typography>
                <Typography component="span" variant="caption" lang="sv" dir="ltr">
                  {language.name}
                </Typography>
              </Button>
            </li>
          ))}
        </Box>
        {save.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {isApiError(save.error) ? save.error.message : t.failed}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer()} disabled={save.isPending}>
          {t.dismiss}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
