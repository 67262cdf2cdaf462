import ErrorOutline from '@mui/icons-material/ErrorOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  accessibilityNotices,
  format,
  readability,
  readabilityLevel,
  readableText,
  sv,
  type AccessibilityContext,
  type AccessibilityNotice,
  type Block,
  type ReadabilityAudience,
} from '@skolportalen/shared';
import { useMemo } from 'react';
import { useDebounced } from '@/lib/use-debounced';
import type { FieldMessage } from './error-map';
import { focusField } from './error-summary';
import { findBlock } from './tree-ops';

const t = sv.posts.builder.accessibility;

/** What stops publishing (a picture without a description, a table without headings), as field errors on their blocks. */
export function accessibilityErrors(content: readonly Block[]): FieldMessage[] {
  return accessibilityNotices(content)
    .filter((notice) => notice.severity === 'error')
    .map((notice) => ({ field: `${notice.path}.props.${notice.field}`, message: notice.message }));
}

interface CheckProps {
  content: readonly Block[];
  nameOf: (block: Block) => string;
  /** The title and excerpt, read with the blocks for the post's readability. */
  title?: string;
  excerpt?: string;
  /** Whom the post is for, and the LIX it should stay within. */
  target?: { audience: ReadabilityAudience; target: number };
  context?: AccessibilityContext;
  /** How long the text must rest before it is checked again, so typing never waits for it. */
  delayMs?: number;
}

function NoticeList({
  notices,
  content,
  nameOf,
  severity,
}: {
  notices: AccessibilityNotice[];
  content: readonly Block[];
  nameOf: (block: Block) => string;
  severity: 'error' | 'warning';
}) {
  if (notices.length === 0) return null;
  const Icon = severity === 'error' ? ErrorOutline : WarningAmber;
  return (
    <Box
      sx={{
        borderLeft: 4,
        borderColor: severity === 'error' ? 'error.main' : 'warning.main',
        bgcolor: severity === 'error' ? '#fdeded' : '#fff4e5',
        color: severity === 'error' ? '#5f2120' : '#663c00',
        px: 2,
        py: 1,
      }}
    >
      <Typography
        component="h4"
        sx={{ fontSize: '1rem', fontWeight: 700, display: 'flex', gap: 1, alignItems: 'center' }}
      >
        <Icon fontSize="small" aria-hidden />
        {severity === 'error' ? t.blockingTitle : t.warningsTitle}
      </Typography>
      <ul style={{ margin: 0, paddingLeft: '1.25rem', listStylePosition: 'outside' }}>
        {notices.map((notice, index) => {
          const block = findBlock(content, notice.blockId)?.block;
          const name = block ? nameOf(block) : null;
          return (
            <li key={`${notice.blockId}.${notice.field}.${index}`}>
              {name ? `${name}: ${notice.message}` : notice.message}{' '}
              <Link
                component="button"
                type="button"
                color="inherit"
                onClick={() => focusField(`${notice.blockId}-drag`)}
                sx={{ verticalAlign: 'baseline', fontWeight: 700 }}
                aria-label={name ? format(t.goToBlock, { name }) : t.goTo}
              >
                {t.goTo}
              </Link>
            </li>
          );
        })}
      </ul>
    </Box>
  );
}

/**
 * The checks before publishing, live while writing (issue 13's editor help,
 * issue 29): what stops publishing apart from what only warns, each leading
 * to its block, and the post's readability (LIX) against its readers'
 * target. Checked once the text has rested, so typing never waits.
 */
export function AccessibilityCheck({
  content,
  nameOf,
  title,
  excerpt,
  target,
  context,
  delayMs = 300,
}: CheckProps) {
  const rested = useDebounced({ content, title, excerpt, context }, delayMs);
  const notices = useMemo(
    () => accessibilityNotices(rested.content, rested.context),
    [rested.content, rested.context],
  );
  const lix = useMemo(
    () =>
      readability(
        readableText({ title: rested.title, excerpt: rested.excerpt, content: rested.content }),
      ),
    [rested.title, rested.excerpt, rested.content],
  );
  const errors = notices.filter((notice) => notice.severity === 'error');
  const warnings = notices.filter((notice) => notice.severity === 'warning');
  const over = lix && target ? lix.lix > target.target : false;
  return (
    <Box
      component="section"
      role="region"
      aria-label={t.title}
      sx={{ mb: 2, border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Typography component="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
        {t.title}
      </Typography>
      <Box aria-live="polite" sx={{ display: 'grid', gap: 1.5 }}>
        {lix ? (
          <Typography variant="body2" data-testid="readability">
            <strong>
              {format(t.readability, {
                lix: lix.lix,
                level: t.readabilityLevels[readabilityLevel(lix.lix)],
              })}
            </strong>
            {target ? (
              <>
                {' · '}
                {format(t.readabilityTarget, {
                  audience: t.readabilityAudiences[target.audience],
                  target: target.target,
                })}
                {over ? ` ${t.readabilityOver}` : ''}
              </>
            ) : null}
          </Typography>
        ) : null}
        {notices.length === 0 ? (
          <Typography variant="body2">{t.noProblems}</Typography>
        ) : (
          <>
            <Typography variant="body2">{t.intro}</Typography>
            <NoticeList notices={errors} content={content} nameOf={nameOf} severity="error" />
            <NoticeList notices={warnings} content={content} nameOf={nameOf} severity="warning" />
          </>
        )}
      </Box>
    </Box>
  );
}
