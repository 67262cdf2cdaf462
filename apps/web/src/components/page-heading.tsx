import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { takeHeadingFocusRequest } from '@/lib/route-focus';

interface PageHeadingProps {
  children: ReactNode;
  variant?: TypographyProps['variant'];
}

/** The page's one h1; it takes focus after client-side navigation (see lib/route-focus). */
export function PageHeading({ children, variant = 'h4' }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A modal dialog opened with the page (the role choice, "E-postadress saknas") keeps the focus.
    if (takeHeadingFocusRequest() && !document.querySelector('[aria-modal="true"]')) {
      ref.current?.focus();
    }
  }, []);
  return (
    <Typography
      ref={ref}
      component="h1"
      variant={variant}
      tabIndex={-1}
      gutterBottom
      sx={{ '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '3px solid' } }}
    >
      {children}
    </Typography>
  );
}
