import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { usedKeyboardLast } from '@/lib/input-modality';
import { takeHeadingFocusRequest } from '@/lib/route-focus';

interface PageHeadingProps {
  children: ReactNode;
  variant?: TypographyProps['variant'];
  /** For a heading in another language than the page's (a translated post's title). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

/**
 * The page's one h1; it takes focus after client-side navigation (see
 * lib/route-focus). Chromium counts a script's focus as :focus-visible when
 * nothing was clicked yet, so the ring follows the last input instead: shown
 * after the keyboard, not at a first load or after a click.
 */
export function PageHeading({ children, variant = 'h4', lang, dir }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A modal dialog opened with the page (the role choice, "E-postadress saknas") keeps the focus.
    if (takeHeadingFocusRequest() && !document.querySelector('[aria-modal="true"]')) {
      ref.current?.toggleAttribute('data-keyboard-focus', usedKeyboardLast());
      ref.current?.focus();
    }
  }, []);
  return (
    <Typography
      ref={ref}
      component="h1"
      variant={variant}
      lang={lang}
      dir={dir}
      tabIndex={-1}
      gutterBottom
      sx={{
        '&:focus, &:focus-visible': { outline: 'none' },
        '&[data-keyboard-focus]:focus': { outline: '2px solid', outlineOffset: '4px' },
      }}
    >
      {children}
    </Typography>
  );
}
