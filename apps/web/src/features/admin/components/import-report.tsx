import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { format, sv, type ImportCounts, type ImportRunResponse } from '@skolportalen/shared';

const t = sv.admin.import;

/** What a run read, what it changed and what it left out. */
export function ImportReport({ run }: { run: ImportRunResponse }) {
  const report = run.report;
  const counts = report ? (Object.entries(report.counts) as [keyof ImportCounts, number][]) : [];
  const changed = counts.some(([, value]) => value > 0);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {run.error ? (
        <Alert severity="error" role="none">
          {run.error}
        </Alert>
      ) : null}
      {report ? (
        <>
          <Typography>{format(t.read, report.read)}</Typography>
          <Typography>{`${t.leavers.legend}: ${t.leavers[run.leavers].toLowerCase()}.`}</Typography>
          {changed || run.state !== 'succeeded' ? (
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 0.5,
                m: 0,
              }}
            >
              {counts.map(([key, value]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Typography component="dt">{t.counts[key]}</Typography>
                  <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : (
            <Typography>{t.nothingChanged}</Typography>
          )}
          {report.warningCount ? (
            <Box>
              <Typography component="h4" sx={{ fontWeight: 700 }}>
                {format(t.warningsTitle, { count: report.warningCount })}
              </Typography>
              <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
                {report.warnings.map((warning, index) => (
                  <li key={index}>
                    <Typography variant="body2">{warning}</Typography>
                  </li>
                ))}
              </Box>
            </Box>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {format(t.duration, { seconds: (report.durationMs / 1000).toFixed(1) })}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}
