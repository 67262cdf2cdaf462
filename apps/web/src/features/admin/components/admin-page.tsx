import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/page-heading';

/**
 * Heading and an introduction above each admin page. The administration's
 * navigation sits beside every admin screen (app/navigation/admin-area).
 */
export function AdminPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {intro ? (
        <Typography sx={{ mb: 3, maxWidth: 900 }} color="text.secondary">
          {intro}
        </Typography>
      ) : null}
      {children}
    </>
  );
}
