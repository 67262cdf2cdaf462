import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  format,
  sourceLanguage,
  sv,
  type AudienceLanguages,
  type PostResponse,
  type TranslationState,
} from '@skolportalen/shared';
import { useId, useState } from 'react';
import { ownName, useContentLanguages } from '@/lib/content-languages';
import { useAudienceLanguages, useTranslation, useTranslationList } from '../../api/translations';
import { TranslationForm } from './translation-form';

const t = sv.translations.editor;
const states = sv.translations.states;

interface Row {
  code: string;
  count: number | null;
  translation: TranslationState | undefined;
}

/**
 * The languages worth a translation: those the post's guardians and pupils
 * read, most readers first, then any other language already translated.
 */
function rowsOf(
  audience: AudienceLanguages | undefined,
  translations: readonly TranslationState[],
) {
  const byCode = new Map(translations.map((translation) => [translation.language, translation]));
  const rows: Row[] = (audience?.languages ?? [])
    .filter((language) => language.code !== sourceLanguage && language.count > 0)
    .sort((a, b) => b.count - a.count)
    .map((language) => ({
      code: language.code,
      count: language.count,
      translation: byCode.get(language.code),
    }));
  for (const translation of translations) {
    if (!rows.some((row) => row.code === translation.language)) {
      rows.push({ code: translation.language, count: null, translation });
    }
  }
  return rows;
}

function StateChips({ translation }: { translation: TranslationState | undefined }) {
  if (!translation) return <Chip size="small" label={states.none} variant="outlined" />;
  return (
    <>
      <Chip
        size="small"
        label={translation.state === 'current' ? states.current : states.outdated}
        color={translation.state === 'current' ? 'success' : 'warning'}
        variant="outlined"
      />
      {translation.machineTranslated ? (
        <Chip size="small" label={states.machine} variant="outlined" />
      ) : null}
    </>
  );
}

/**
 * "Översättningar" in the editor of a saved post (issue 27): which languages
 * the audience reads, how each translation stands, and the form to add or
 * change one beside the Swedish original.
 */
export default function TranslationsSection({ post }: { post: PostResponse }) {
  const list = useTranslationList(post.id);
  const audience = useAudienceLanguages(post.id);
  const languages = useContentLanguages();
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const addLabelId = useId();
  const existing = list.data?.translations.find((translation) => translation.language === editing);
  const saved = useTranslation(post.id, editing ?? '', editing !== null && existing !== undefined);

  if (list.isError || audience.isError) return <Alert severity="warning">{t.loadFailed}</Alert>;
  if (!list.data || !audience.data) return <Skeleton variant="rounded" height={96} />;

  const rows = rowsOf(audience.data, list.data.translations);
  const others = (languages.data?.languages ?? []).filter(
    (language) =>
      language.code !== sourceLanguage && !rows.some((row) => row.code === language.code),
  );
  const canEdit = list.data.can.edit;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t.intro}
      </Typography>
      <Typography component="h3" variant="subtitle2">
        {t.audience}
      </Typography>
      {rows.length === 0 ? <Typography variant="body2">{t.noAudience}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => {
          const named = ownName(row.code);
          return (
            <Box
              component="li"
              key={row.code}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {named.name}
                </Typography>{' '}
                <Typography
                  component="span"
                  color="text.secondary"
                  lang={named.code}
                  dir={named.dir}
                >
                  {named.endonym}
                </Typography>
                {row.count !== null ? (
                  <Typography variant="body2" color="text.secondary">
                    {t.readers}:{' '}
                    {format(t.audienceCount, { count: row.count, total: audience.data.total })}
                  </Typography>
                ) : null}
              </Box>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                <StateChips translation={row.translation} />
              </Box>
              {canEdit ? (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => {
                    setMessage('');
                    setEditing(row.code);
                  }}
                  aria-label={`${row.translation ? t.edit : t.add}: ${named.name}`}
                >
                  {row.translation ? t.edit : t.add}
                </Button>
              ) : null}
            </Box>
          );
        })}
      </Box>
      {canEdit && others.length > 0 ? (
        <FormControl size="small" sx={{ maxWidth: 320 }}>
          <InputLabel id={addLabelId}>{t.addOther}</InputLabel>
          <Select
            labelId={addLabelId}
            label={t.addOther}
            value=""
            onChange={(event) => {
              setMessage('');
              setEditing(event.target.value);
            }}
          >
            {others.map((language) => (
              <MenuItem key={language.code} value={language.code}>
                {language.name}&nbsp;
                <span lang={language.code} dir={language.dir}>
                  ({language.endonym})
                </span>
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      ) : null}
      <Typography role="status" variant="body2">
        {message}
      </Typography>
      {editing !== null && (!existing || saved.data) ? (
        <TranslationForm
          key={`${editing}-${existing?.updated ?? 'new'}`}
          original={post}
          language={editing}
          saved={existing ? (saved.data ?? null) : null}
          canMachine={list.data.can.machine}
          onClose={(done) => {
            setEditing(null);
            if (done) setMessage(done);
          }}
        />
      ) : null}
      {editing !== null && existing && saved.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : null}
    </Stack>
  );
}
