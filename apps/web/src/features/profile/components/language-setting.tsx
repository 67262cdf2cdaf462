import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { ownName, useContentLanguages } from '@/lib/content-languages';
import { useSetOwnLanguage } from '../api/own-language';

const t = sv.translations;

/**
 * The language the reader reads news and messages in (issue 27): each
 * language by its own name, in its own script, with the Swedish name beside
 * it. Saved as soon as it is chosen.
 */
export function LanguageSetting({ value }: { value: string }) {
  const languages = useContentLanguages();
  const save = useSetOwnLanguage();
  const [saved, setSaved] = useState('');
  const labelId = useId();
  const hintId = useId();
  if (!languages.data) return null;
  const options = languages.data.languages;
  const current = options.some((language) => language.code === value) ? value : 'sv';

  return (
    <Stack spacing={1}>
      <FormControl fullWidth sx={{ maxWidth: 420 }}>
        <InputLabel id={labelId}>{t.profileField}</InputLabel>
        <Select
          labelId={labelId}
          label={t.profileField}
          value={current}
          disabled={save.isPending}
          inputProps={{ 'aria-describedby': hintId }}
          renderValue={(code) => {
            const language = ownName(code);
            return (
              <span lang={language.code} dir={language.dir}>
                {language.endonym}
              </span>
            );
          }}
          onChange={(event) => {
            setSaved('');
            save.mutate(
              { preferredLanguage: event.target.value },
              { onSuccess: () => setSaved(t.profileSaved) },
            );
          }}
        >
          {options.map((language) => (
            <MenuItem
              key={language.code}
              value={language.code}
              lang={language.code}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
            >
              <span dir={language.dir}>{language.endonym}</span>
              <Typography component="span" lang="sv" variant="body2" color="text.secondary">
                {language.name}
              </Typography>
            </MenuItem>
          ))}
        </Select>
        <FormHelperText id={hintId} sx={{ mx: 0 }}>
          {t.profileHint}
        </FormHelperText>
      </FormControl>
      {save.error ? (
        <Alert severity="error">
          {isApiError(save.error) ? save.error.message : t.languageQuestion.failed}
        </Alert>
      ) : null}
      <Typography role="status" variant="body2">
        {saved}
      </Typography>
    </Stack>
  );
}
