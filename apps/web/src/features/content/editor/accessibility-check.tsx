import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { accessibilityNotices, sv, type Block } from '@skolportalen/shared';
import { useMemo } from 'react';
import type { FieldMessage } from './error-map';
import { focusField } from './error-summary';
import { findBlock } from './tree-ops';

const t = sv.posts.builder.accessibility;

/** Missing alternative texts, as field errors on their blocks (they stop publishing). */
export function accessibilityErrors(content: readonly Block[]): FieldMessage[] {
  return accessibilityNotices(content)
    .filter((notice) => notice.severity === 'error')
    .map((notice) => ({ field: `${notice.path}.props.${notice.field}`, message: notice.message }));
}

/**
 * The page builder's accessibility check, live while writing: skipped heading
 * levels and links that say nothing (issue 13, "Editor help"). Each item
 * leads to its block. Missing alternative texts show here too, and as errors
 * on their blocks when publishing.
 */
export function AccessibilityCheck({
  content,
  nameOf,
}: {
  content: readonly Block[];
  nameOf: (block: Block) => string;
}) {
  const notices = useMemo(() => accessibilityNotices(content), [content]);
  if (notices.length === 0) return null;
  return (
    <Alert severity="warning" role="region" aria-label={t.title} sx={{ mb: 2 }}>
      <AlertTitle component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {t.title}
      </AlertTitle>
      <p style={{ margin: 0 }}>{t.intro}</p>
      <ul style={{ margin: 0, paddingLeft: '1.25rem', listStylePosition: 'outside' }}>
        {notices.map((notice, index) => {
          const block = findBlock(content, notice.blockId)?.block;
          return (
            <li key={`${notice.blockId}.${notice.field}.${index}`}>
              <Link
                component="button"
                type="button"
                color="inherit"
                onClick={() => focusField(`${notice.blockId}-drag`)}
                sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
              >
                {block ? `${nameOf(block)}: ${notice.message}` : notice.message}
              </Link>
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
