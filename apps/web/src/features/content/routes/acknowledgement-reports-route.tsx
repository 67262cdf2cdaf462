import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { format, sv, svShell, type AcknowledgementReportItem } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { useAcknowledgementReports } from '../api/acknowledgement-report';
import { longDate, weekdayDateTime } from '../components/dates';

const t = sv.mustRead.reports;

const ReportDialog = lazyOverlay(() =>
  import('../must-read/report/acknowledgement-report-dialog').then((module) => module.default),
);

function ReportItem({
  item,
  onOpen,
}: {
  item: AcknowledgementReportItem;
  onOpen: (item: AcknowledgementReportItem) => void;
}) {
  const titleId = useId();
  const facts = [
    item.author ? format(t.by, { name: item.author.name }) : null,
    item.publishedDate ? format(t.published, { date: longDate(item.publishedDate) }) : null,
    item.acknowledgeBy
      ? format(t.deadline, { date: weekdayDateTime(item.acknowledgeBy) })
      : t.noDeadline,
    item.url ? null : t.notReader,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        py: 2,
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 20rem' }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontSize: '1.1rem' }}>
          {item.url ? (
            <Link href={item.url} underline="hover" color="inherit">
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {facts.join(' · ')}
        </Typography>
      </Box>
      <Button variant="outlined" startIcon={<FactCheckOutlined />} onClick={() => onOpen(item)}>
        {t.open}
      </Button>
    </Box>
  );
}

/**
 * /profile/acknowledgements: the must-read notices whose confirmations one
 * may follow up (decision 0040), each opening its report. The way in for a
 * rektor to a notice she is not among the readers of, such as one to her
 * school's guardians; the server decides which notices are listed.
 */
export default function AcknowledgementReportsRoute() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [open, setOpen] = useState<AcknowledgementReportItem | null>(null);
  // The dialog stays mounted while it closes, with the notice it showed.
  const [shown, setShown] = useState<AcknowledgementReportItem | null>(null);
  const reports = useAcknowledgementReports(page, perPage);

  return (
    <Stack spacing={2}>
      <div>
        <PageHeading>{svShell.pageTitles.acknowledgementReports}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      {reports.isFetching ? <LinearProgress aria-hidden /> : null}
      {reports.isError ? <Alert severity="warning">{t.failed}</Alert> : null}
      {reports.data ? (
        reports.data.items.length === 0 ? (
          <Typography>{t.none}</Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" role="status">
              {reports.data.total === 1 ? t.totalOne : format(t.total, { n: reports.data.total })}
            </Typography>
            <Box
              component="ul"
              aria-label={t.list}
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                borderTop: 1,
                borderBottom: 1,
                borderColor: 'divider',
                '& > li + li': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              {reports.data.items.map((item) => (
                <li key={item.id}>
                  <ReportItem
                    item={item}
                    onOpen={(chosen) => {
                      setShown(chosen);
                      setOpen(chosen);
                    }}
                  />
                </li>
              ))}
            </Box>
            <TablePagination
              component="div"
              count={reports.data.total}
              page={Math.max(0, page - 1)}
              rowsPerPage={perPage}
              rowsPerPageOptions={[10, 25, 50, 100]}
              onPageChange={(_event, next) => setPage(next + 1)}
              onRowsPerPageChange={(event) => {
                setPerPage(Number(event.target.value));
                setPage(1);
              }}
              labelRowsPerPage={sv.posts.lists.rowsPerPage}
              labelDisplayedRows={({ from, to, count }) =>
                format(sv.posts.lists.pageOf, { from, to, count })
              }
            />
          </>
        )
      ) : null}
      {shown ? (
        <ReportDialog open={open !== null} post={shown} onClose={() => setOpen(null)} />
      ) : null}
    </Stack>
  );
}
