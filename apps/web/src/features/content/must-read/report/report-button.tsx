import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Button from '@mui/material/Button';
import type { PostListItem } from '@skolportalen/shared';
import { mustReadTexts } from '@skolportalen/shared/texts/must-read';
import { useState } from 'react';
import { lazyOverlay } from '@/lib/lazy-overlay';

const ReportDialog = lazyOverlay(() =>
  import('./acknowledgement-report-dialog').then((module) => module.default),
);

/**
 * "Läsbekräftelser" on a must-read post's reading page, for those the server
 * lets read who has confirmed (`can.readAcknowledgements`).
 */
export function AcknowledgementReportButton({ post }: { post: PostListItem }) {
  const [open, setOpen] = useState(false);
  if (!post.requiresAcknowledgement || !post.can.readAcknowledgements) return null;
  return (
    <>
      <Button variant="text" startIcon={<FactCheckOutlined />} onClick={() => setOpen(true)}>
        {mustReadTexts.report.open}
      </Button>
      <ReportDialog open={open} post={post} onClose={() => setOpen(false)} />
    </>
  );
}
