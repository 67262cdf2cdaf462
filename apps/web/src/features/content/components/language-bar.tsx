import Translate from '@mui/icons-material/Translate';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { sourceLanguage, type PostResponse } from '@skolportalen/shared';
import { translationTexts } from '@skolportalen/shared/texts/translations';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-error';
import { ownName, useContentLanguages } from '@/lib/content-languages';
import { useRequestTranslation } from '../api/request-translation';

const t = translationTexts;

/** A Swedish sentence with a language's own name in it, marked with that language. */
export function withLanguage(template: string, code: string): ReactNode {
  const language = ownName(code);
  const [before, after = ''] = template.split('{language}');
  return (
    <>
      {before}
      <span lang={language.code} dir={language.dir}>
        {language.endonym}
      </span>
      {after}
    </>
  );
}

export interface LanguageBarProps {
  /** The post as shown: translated, or the Swedish original. */
  post: PostResponse;
  /** The reader's own language (`preferredLanguage`). */
  readerLanguage: string;
  /** The reader chose the original though a translation exists. */
  showingOriginal: boolean;
  /** A translation into the reader's language exists (the reader's read came back in it). */
  translationExists: boolean;
  onShowOriginal: () => void;
  onShowTranslation: () => void;
  /** The key the page read the post by, where a requested translation goes. */
  postKey: string;
}

/**
 * Above a post's content (issue 27): which language it is shown in, with the
 * Swedish original one click away, "Maskinöversatt" and the outdated notice;
 * or, for a reader of another language with no translation yet, "Översätt
 * till …" when machine translation is on. Swedish readers see nothing.
 */
export function LanguageBar(props: LanguageBarProps) {
  const { post, readerLanguage, showingOriginal, translationExists } = props;
  if (post.language !== sourceLanguage) return <TranslatedBar {...props} />;
  if (showingOriginal && translationExists) {
    return (
      <Bar>
        <Button variant="text" size="small" onClick={props.onShowTranslation} sx={{ px: 0.5 }}>
          {withLanguage(t.showIn, readerLanguage)}
        </Button>
      </Bar>
    );
  }
  if (readerLanguage === sourceLanguage) return null;
  return <TranslateButton {...props} />;
}

function Bar({ children }: { children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={t.languageBar}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.5,
        py: 0.5,
        px: 1,
        mb: 1,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Translate fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
      {children}
    </Box>
  );
}

function TranslatedBar({ post, onShowOriginal }: LanguageBarProps) {
  return (
    <Box>
      <Bar>
        <Typography variant="body2">{withLanguage(t.shownIn, post.language)}</Typography>
        <Button variant="text" size="small" onClick={onShowOriginal} sx={{ px: 0.5 }}>
          {t.showOriginal}
        </Button>
        {post.machineTranslated ? (
          <Chip size="small" variant="outlined" label={t.machineTranslated} />
        ) : null}
      </Bar>
      {post.outdated ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t.outdatedShort}{' '}
          <Link
            component="button"
            type="button"
            onClick={onShowOriginal}
            sx={{ verticalAlign: 'baseline' }}
          >
            {t.showOriginal}
          </Link>
        </Alert>
      ) : null}
    </Box>
  );
}

function TranslateButton({ post, readerLanguage, postKey }: LanguageBarProps) {
  const languages = useContentLanguages();
  const request = useRequestTranslation(postKey);
  const offered = languages.data?.languages.some((language) => language.code === readerLanguage);
  if (!languages.data?.machineTranslation || !offered) return null;
  const error = request.error;
  return (
    <Box>
      <Bar>
        <Button
          variant="text"
          size="small"
          disabled={request.isPending}
          onClick={() => request.mutate({ id: post.id, language: readerLanguage })}
          sx={{ px: 0.5 }}
        >
          {request.isPending ? t.translating : withLanguage(t.translateTo, readerLanguage)}
        </Button>
      </Bar>
      {error ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {isApiError(error) ? error.message : t.errors.providerFailed}
        </Alert>
      ) : null}
    </Box>
  );
}
