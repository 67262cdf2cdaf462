import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { format, sv, type Block } from '@skolportalen/shared';
import { forwardRef } from 'react';
import { errorCount, type MappedErrors } from './error-map';
import { fieldId } from './editor-form';
import { fieldLabel } from './field-labels';
import { findBlock } from './tree-ops';

const t = sv.posts.editor;

/** Moves focus to a field (or the first focusable element inside it) and shows it. */
export function focusField(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  const focusable = element.matches('input, textarea, select, button, [tabindex]')
    ? element
    : element.querySelector<HTMLElement>(
        'input, textarea, [contenteditable="true"], button, [tabindex]',
      );
  element.scrollIntoView?.({ block: 'center' });
  (focusable ?? element).focus();
}

interface ErrorSummaryProps {
  errors: MappedErrors;
  content: readonly Block[];
  nameOf: (block: Block) => string;
}

/**
 * Every problem at the top, each naming its field or block and linking to it,
 * focused after a failed save.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { errors, content, nameOf },
  ref,
) {
  const count = errorCount(errors);
  if (count === 0) return null;
  const items: { key: string; text: string; target: string | null }[] = [
    ...Object.entries(errors.fields).map(([field, message]) => {
      const label = fieldLabel(field);
      return {
        key: field,
        text: label ? `${label}: ${message}` : message,
        target: field === 'content' ? 'post-builder' : fieldId(field),
      };
    }),
    ...Object.entries(errors.blocks).flatMap(([id, fields]) => {
      const block = findBlock(content, id)?.block;
      return Object.entries(fields).map(([field, message]) => ({
        key: `${id}.${field}`,
        text: block ? `${nameOf(block)}: ${message}` : message,
        target: `${id}-drag`,
      }));
    }),
    ...errors.other.map((message) => ({ key: message, text: message, target: null })),
  ];
  return (
    <Alert
      severity="error"
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-label={format(t.errorsCount, { n: count })}
    >
      <AlertTitle component="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {t.errorsTitle}
      </AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {items.map((item) => (
          <li key={item.key}>
            {item.target ? (
              <Link
                component="button"
                type="button"
                color="inherit"
                onClick={() => focusField(item.target!)}
                sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
              >
                {item.text}
              </Link>
            ) : (
              item.text
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
});
