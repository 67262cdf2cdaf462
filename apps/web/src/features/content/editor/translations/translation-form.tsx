import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  flattenBlocks,
  format,
  limits,
  sv,
  type PostResponse,
  type TranslationResponse,
} from '@skolportalen/shared';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { isApiError } from '@/lib/api-error';
import { ownName } from '@/lib/content-languages';
import { useDeleteTranslation, useMachineDraft, useSaveTranslation } from '../../api/translations';
import { formValues, textKey, textsToTranslate, translatedTree } from './translation-form-values';

const t = sv.translations.editor;

interface TranslationFormProps {
  /** The saved Swedish original. */
  original: PostResponse;
  language: string;
  /** The translation as saved; null for a new one. */
  saved: TranslationResponse | null;
  canMachine: boolean;
  onClose: (message?: string) => void;
}

/** One text: the Swedish original beside the field for its translation. */
function TextPair({
  label,
  original,
  children,
}: {
  label: string;
  original: string;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {label} – {t.original}
        </Typography>
        <Typography
          variant="body2"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            bgcolor: 'action.hover',
            borderRadius: 1,
            p: 1,
          }}
        >
          {original}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/**
 * Add or change a translation: title, excerpt and each block text beside the
 * Swedish original. HTML texts are edited as HTML, like the original's source;
 * the server sanitises them exactly like the post's own.
 */
export function TranslationForm({
  original,
  language,
  saved,
  canMachine,
  onClose,
}: TranslationFormProps) {
  const headingId = useId();
  const named = ownName(language);
  const [values, setValues] = useState(() => formValues(saved));
  const [machine, setMachine] = useState(saved?.machineTranslated ?? false);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveTranslation(original.id);
  const remove = useDeleteTranslation(original.id);
  const draft = useMachineDraft(original.id);
  const texts = useMemo(() => textsToTranslate(original.content), [original.content]);
  const types = useMemo(
    () => new Map(flattenBlocks(original.content).map((node) => [node.id, node.type] as const)),
    [original.content],
  );
  const error = save.error ?? remove.error ?? draft.error;
  const fieldErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const busy = save.isPending || remove.isPending || draft.isPending;
  const field = { lang: named.code, dir: named.dir };
  const edit = (change: Partial<typeof values>) => {
    setValues((current) => ({ ...current, ...change }));
    setMachine(false);
  };

  const submit = () =>
    save.mutate(
      {
        language,
        body: {
          title: values.title,
          excerpt: values.excerpt,
          content: texts.length ? translatedTree(original.content, values.texts) : [],
          machineTranslated: machine,
        },
      },
      { onSuccess: () => onClose(t.saved) },
    );

  const fill = () =>
    draft.mutate(language, {
      onSuccess: (result) => {
        setValues(formValues(result));
        setMachine(true);
      },
    });

  return (
    <Box
      component="form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack spacing={2}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {format(t.formTitle, { language: named.name })}{' '}
          <span lang={named.code} dir={named.dir}>
            ({named.endonym})
          </span>
        </Typography>
        {canMachine ? (
          <Box>
            <Button variant="outlined" onClick={fill} disabled={busy}>
              {t.machineFill}
            </Button>
          </Box>
        ) : null}
        {machine ? <Alert severity="info">{t.machineNote}</Alert> : null}
        {error ? (
          <Alert severity="error">
            {isApiError(error) ? error.message : sv.translations.errors.providerFailed}
          </Alert>
        ) : null}
        <TextPair label={t.titleField} original={original.title}>
          <TextField
            label={t.titleField}
            value={values.title}
            required
            onChange={(event) => edit({ title: event.target.value })}
            error={Boolean(fieldErrors.title)}
            helperText={fieldErrors.title}
            slotProps={{ htmlInput: { ...field, maxLength: limits.postTitleMax } }}
            fullWidth
          />
        </TextPair>
        {original.excerpt ? (
          <TextPair label={t.excerptField} original={original.excerpt}>
            <TextField
              label={t.excerptField}
              value={values.excerpt}
              multiline
              minRows={2}
              onChange={(event) => edit({ excerpt: event.target.value })}
              error={Boolean(fieldErrors.excerpt)}
              helperText={fieldErrors.excerpt}
              slotProps={{ htmlInput: field }}
              fullWidth
            />
          </TextPair>
        ) : null}
        {texts.map((text, index) => {
          const key = textKey(text);
          const type = types.get(text.blockId);
          const label = format(t.blockField, {
            n: index + 1,
            type: type ? sv.blocks.names[type] : '',
          });
          return (
            <TextPair key={key} label={label} original={text.value}>
              <TextField
                label={label}
                value={values.texts[key] ?? ''}
                multiline={text.kind !== 'plain'}
                minRows={text.kind === 'html' ? 3 : 1}
                onChange={(event) =>
                  edit({ texts: { ...values.texts, [key]: event.target.value } })
                }
                slotProps={{ htmlInput: field }}
                fullWidth
              />
            </TextPair>
          );
        })}
        {fieldErrors.content ? <Alert severity="error">{fieldErrors.content}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t.save}
          </Button>
          <Button onClick={() => onClose()} disabled={busy}>
            {t.cancel}
          </Button>
          {saved ? (
            <Button color="error" disabled={busy} onClick={() => setConfirming(true)}>
              {t.remove}
            </Button>
          ) : null}
        </Box>
        {confirming ? (
          <Alert
            severity="warning"
            role="alertdialog"
            aria-label={t.remove}
            action={
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button
                  color="error"
                  variant="contained"
                  size="small"
                  disabled={busy}
                  onClick={() => remove.mutate(language, { onSuccess: () => onClose(t.removed) })}
                >
                  {t.remove}
                </Button>
                <Button size="small" onClick={() => setConfirming(false)}>
                  {t.cancel}
                </Button>
              </Box>
            }
          >
            {format(t.removeConfirm, { language: named.name })}
          </Alert>
        ) : null}
      </Stack>
    </Box>
  );
}
