import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { svShell } from '@skolportalen/shared';
import type { ReactNode } from 'react';
import { paths } from '@/lib/paths';
import { PageHeading } from './page-heading';

interface StatusPageProps {
  title: string;
  message?: string;
  /** Language of the message when it is not Swedish (the spec keeps some in English). */
  messageLang?: string;
  /** Shows the "Till startsidan" link; on by default. */
  homeLink?: boolean;
  children?: ReactNode;
}

/** A page with a heading, one message and a way home: the error, 404 and unavailable pages. */
export function StatusPage({
  title,
  message,
  messageLang,
  homeLink = true,
  children,
}: StatusPageProps) {
  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 720 }} alignItems="flex-start">
      <PageHeading>{title}</PageHeading>
      {message ? <Typography lang={messageLang}>{message}</Typography> : null}
      {children}
      {homeLink ? (
        <Button variant="contained" href={paths.home.href()}>
          {svShell.pages.backHome}
        </Button>
      ) : null}
    </Stack>
  );
}

/** A route whose feature arrives in later work: named honestly, never linked from the UI. */
export function UnavailablePage({ title }: { title: string }) {
  return <StatusPage title={title} message={svShell.pages.pageUnavailable} />;
}
