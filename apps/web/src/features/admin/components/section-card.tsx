import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One titled part of an administration page. */
export function SectionCard({
  title,
  headingLevel = 'h2',
  children,
}: {
  title: string;
  headingLevel?: 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent>
        <Typography component={headingLevel} variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
