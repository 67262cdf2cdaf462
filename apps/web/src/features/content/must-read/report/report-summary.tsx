import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { format, sv, type AcknowledgementSummary } from '@skolportalen/shared';
import { useId, useState } from 'react';
import { weekdayDateTime } from '../../components/dates';
import { roleName } from './report-names';
import { ReportTable } from './report-table';

const t = sv.mustRead.report;

interface Counts {
  total: number;
  acknowledged: number;
  pending: number;
  overdue: number;
}

/** Bekräftade, väntar, försenade and the total, as figures. */
function Figures({ counts }: { counts: Counts }) {
  const figures = [
    { label: t.acknowledged, value: counts.acknowledged, color: 'success.main' },
    { label: t.pending, value: counts.pending, color: 'text.primary' },
    { label: t.overdue, value: counts.overdue, color: 'error.main' },
    { label: t.total, value: counts.total, color: 'text.primary' },
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
        gap: 1.5,
        m: 0,
      }}
    >
      {figures.map((figure) => (
        <Box
          key={figure.label}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontSize: '1.75rem',
              fontWeight: 700,
              color: figure.value > 0 ? figure.color : 'text.primary',
            }}
          >
            {figure.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Sent → opened → acknowledged, in people. */
function Funnel({ funnel }: { funnel: AcknowledgementSummary['funnel'] }) {
  const headingId = useId();
  const steps = [
    { label: t.funnelSent, value: funnel.sent },
    { label: t.funnelOpened, value: funnel.opened },
    { label: t.funnelAcknowledged, value: funnel.acknowledged },
  ];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t.funnel}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t.funnelHint}
      </Typography>
      <Box
        component="ol"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 0, m: 0 }}
      >
        {steps.map((step, index) => (
          <Box
            component="li"
            key={step.label}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, listStyle: 'none' }}
          >
            {index > 0 ? <ArrowForward fontSize="small" aria-hidden /> : null}
            <span>
              {step.label}{' '}
              <Box component="strong" sx={{ fontSize: '1.15rem' }}>
                {step.value}
              </Box>
            </span>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

interface BreakdownRow extends Counts {
  key: string;
  name: string;
}

function BreakdownTable({ caption, rows }: { caption: string; rows: BreakdownRow[] }) {
  return (
    <ReportTable label={caption}>
      <TableHead>
        <TableRow>
          <TableCell scope="col">{caption}</TableCell>
          <TableCell scope="col" align="right">
            {t.acknowledged}
          </TableCell>
          <TableCell scope="col" align="right">
            {t.pending}
          </TableCell>
          <TableCell scope="col" align="right">
            {t.overdue}
          </TableCell>
          <TableCell scope="col" align="right">
            {t.total}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell component="th" scope="row">
              {row.name}
            </TableCell>
            <TableCell align="right">{row.acknowledged}</TableCell>
            <TableCell align="right">{row.pending}</TableCell>
            <TableCell align="right">{row.overdue}</TableCell>
            <TableCell align="right">{row.total}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ReportTable>
  );
}

/** The figures by school, class and role, a tab each. */
function Breakdown({ summary }: { summary: AcknowledgementSummary }) {
  const [tab, setTab] = useState(0);
  const idBase = useId();
  const schoolNames = new Map(summary.bySchool.map((school) => [school.id, school.name]));
  const tabs: { label: string; rows: BreakdownRow[] }[] = [
    {
      label: t.bySchool,
      rows: summary.bySchool.map((school) => ({
        ...school,
        key: String(school.id),
        name: school.name ?? t.noSchool,
      })),
    },
    {
      label: t.byClass,
      rows: summary.byClass.map((group) => {
        const school = schoolNames.get(group.schoolId);
        return {
          ...group,
          key: String(group.id),
          name: group.name ? (school ? `${group.name}, ${school}` : group.name) : t.noClass,
        };
      }),
    },
    {
      label: t.byRole,
      rows: summary.byRole.map((role) => ({
        ...role,
        key: role.role ?? '',
        name: role.role ? roleName(role.role) : t.noRole,
      })),
    },
  ];
  const captions = [t.school, t.class, t.role];
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, next: number) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {tabs.map((item, index) => (
          <Tab
            key={item.label}
            label={item.label}
            id={`${idBase}-tab-${index}`}
            aria-controls={`${idBase}-panel-${index}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${idBase}-panel-${tab}`}
        aria-labelledby={`${idBase}-tab-${tab}`}
        sx={{ pt: 1 }}
      >
        <BreakdownTable caption={captions[tab]!} rows={tabs[tab]!.rows} />
      </Box>
    </Box>
  );
}

/**
 * The report's figures (decision 0040): per reader reached themselves and per
 * pupil reached through guardians, by school, class and role, and how many
 * people were mailed, opened the notice and confirmed it.
 */
export function ReportSummary({ summary }: { summary: AcknowledgementSummary }) {
  const headingId = useId();
  return (
    <Stack spacing={2.5} component="section" aria-labelledby={headingId}>
      <div>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t.totals}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {summary.acknowledgeBy
            ? format(t.deadline, { date: weekdayDateTime(summary.acknowledgeBy) })
            : t.noDeadline}{' '}
          {format(t.perChild, {
            who: summary.acknowledgement === 'each-guardian' ? t.whoEvery : t.whoOne,
          })}
        </Typography>
      </div>
      <Figures counts={summary} />
      <Funnel funnel={summary.funnel} />
      <Breakdown summary={summary} />
    </Stack>
  );
}
