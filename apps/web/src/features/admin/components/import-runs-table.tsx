import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format, sv, type ImportRunResponse } from '@skolportalen/shared';
import { Fragment, useState } from 'react';
import { ImportReport } from './import-report';

const t = sv.admin.import;
const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short' });
const phases: Record<string, string> = t.phases;

/** Runs with their state and progress; the newest one's report is open. */
export function ImportRunsTable({ runs }: { runs: readonly ImportRunResponse[] }) {
  // The newest run's report is open unless closed; others are closed unless opened.
  const [toggled, setToggled] = useState<Set<number>>(() => new Set());
  const toggle = (id: number) =>
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  if (runs.length === 0) return <Typography>{t.noRuns}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t.runsCaption}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t.at}</TableCell>
            <TableCell scope="col">{t.source}</TableCell>
            <TableCell scope="col">{t.state}</TableCell>
            <TableCell scope="col" sx={{ minWidth: 160 }}>
              {t.progress}
            </TableCell>
            <TableCell scope="col">{t.report}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => {
            const active = run.state === 'queued' || run.state === 'running';
            const expanded = (run.id === runs[0]?.id) !== toggled.has(run.id) && !active;
            return (
              <Fragment key={run.id}>
                <TableRow>
                  <TableCell>
                    {dateTime.format(new Date(run.createdAt))}
                    {run.createdBy ? (
                      <Typography variant="body2" color="text.secondary">
                        {format(t.startedBy, { name: run.createdBy.name })}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{t.sources[run.source]}</TableCell>
                  <TableCell>{t.states[run.state]}</TableCell>
                  <TableCell>
                    <LinearProgress
                      variant="determinate"
                      value={run.progress}
                      aria-label={format(t.run, { id: run.id })}
                      color={run.state === 'failed' ? 'error' : 'primary'}
                    />
                    <Typography variant="body2" color="text.secondary">
                      {active && run.phase ? `${phases[run.phase] ?? run.phase} · ` : ''}
                      {`${run.progress} %`}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {active ? null : (
                      <Button
                        size="small"
                        aria-expanded={expanded}
                        onClick={() => toggle(run.id)}
                        aria-label={format(expanded ? t.hideReport : t.showReport, { id: run.id })}
                      >
                        {t.report}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
                {expanded ? (
                  <TableRow>
                    <TableCell colSpan={5} sx={{ bgcolor: 'grey.50' }}>
                      <ImportReport run={run} />
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
