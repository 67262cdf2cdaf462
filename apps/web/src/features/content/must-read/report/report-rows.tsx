import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  acknowledgementStates,
  format,
  sv,
  type AcknowledgementRow,
  type AcknowledgementState,
  type AcknowledgementSummary,
} from '@skolportalen/shared';
import { useId, useState } from 'react';
import {
  acknowledgementsCsvUrl,
  useAcknowledgementRows,
  type ReportFilters,
} from '../../api/acknowledgement-report';
import { shortDateTime } from '../../components/dates';
import { roleName } from './report-names';
import { ReportTable } from './report-table';

const t = sv.mustRead.report;
const states = sv.acknowledgements.states;

const stateColor: Record<AcknowledgementState, string> = {
  acknowledged: 'success.main',
  pending: 'text.primary',
  overdue: 'error.main',
};

/** The groups to filter by: each school, then each class with its school. */
function groupChoices(summary: AcknowledgementSummary) {
  const schools = new Map(summary.bySchool.map((school) => [school.id, school.name]));
  return [
    ...summary.bySchool.flatMap((school) =>
      school.id !== null && school.name ? [{ id: school.id, name: school.name }] : [],
    ),
    ...summary.byClass.flatMap((group) => {
      if (group.id === null || !group.name) return [];
      const school = schools.get(group.schoolId);
      return [{ id: group.id, name: school ? `${group.name}, ${school}` : group.name }];
    }),
  ];
}

function Row({ row }: { row: AcknowledgementRow }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {row.name}
      </TableCell>
      <TableCell>{row.childName ?? ''}</TableCell>
      <TableCell>{row.schoolName ?? ''}</TableCell>
      <TableCell>{row.className ?? ''}</TableCell>
      <TableCell>{row.role ? roleName(row.role) : ''}</TableCell>
      <TableCell sx={{ color: stateColor[row.state], fontWeight: 600, whiteSpace: 'nowrap' }}>
        {states[row.state]}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {row.acknowledgedAt ? (
          <>
            {shortDateTime(row.acknowledgedAt)}
            {row.via ? (
              <Typography variant="body2" color="text.secondary">
                {sv.acknowledgements.via[row.via]}
              </Typography>
            ) : null}
          </>
        ) : null}
      </TableCell>
      <TableCell>{row.opened ? sv.acknowledgements.csv.yes : sv.acknowledgements.csv.no}</TableCell>
    </TableRow>
  );
}

/**
 * Who is expected to confirm, a page at a time: a row per reader, or per
 * guardian and child, as the server names them (a protected person is
 * "Skyddad identitet"), filtered by state, role and group, and the same
 * filtered list as a CSV file.
 */
export function ReportRows({
  postId,
  summary,
}: {
  postId: number;
  summary: AcknowledgementSummary;
}) {
  const headingId = useId();
  const [filters, setFilters] = useState<ReportFilters>({});
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const rows = useAcknowledgementRows(postId, filters, page + 1, perPage);
  const groups = groupChoices(summary);
  const roles = summary.byRole.flatMap((item) => (item.role ? [item.role] : []));
  const change = (patch: ReportFilters) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(0);
  };
  const select = (
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: { value: string; label: string }[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t.all}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2} component="section" aria-labelledby={headingId}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t.rows}
        </Typography>
        <Button
          component="a"
          href={acknowledgementsCsvUrl(postId, filters)}
          download
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
        >
          {t.export}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {select(
          t.filterState,
          filters.state ?? '',
          (value) => change({ state: (value || undefined) as AcknowledgementState | undefined }),
          acknowledgementStates.map((state) => ({ value: state, label: states[state] })),
        )}
        {select(
          t.filterRole,
          filters.role ?? '',
          (value) => change({ role: value || undefined }),
          roles.map((role) => ({ value: role, label: roleName(role) })),
        )}
        {select(
          t.filterGroup,
          filters.nodeId ? String(filters.nodeId) : '',
          (value) => change({ nodeId: value ? Number(value) : undefined }),
          groups.map((group) => ({ value: String(group.id), label: group.name })),
        )}
      </Box>
      {rows.isError ? <Alert severity="warning">{t.failed}</Alert> : null}
      <ReportTable label={t.rowsCaption} busy={rows.isFetching}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t.name}</TableCell>
            <TableCell scope="col">{t.child}</TableCell>
            <TableCell scope="col">{t.school}</TableCell>
            <TableCell scope="col">{t.class}</TableCell>
            <TableCell scope="col">{t.role}</TableCell>
            <TableCell scope="col">{t.state}</TableCell>
            <TableCell scope="col">{t.acknowledgedAt}</TableCell>
            <TableCell scope="col">{t.opened}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows.data?.items ?? []).map((row, index) => (
            <Row key={`${row.userId ?? 'p'}-${row.childId ?? 's'}-${index}`} row={row} />
          ))}
          {rows.data && rows.data.items.length === 0 ? (
            <TableRow>
              <TableCell colSpan={8}>{t.empty}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </ReportTable>
      <TablePagination
        component="div"
        count={rows.data?.total ?? 0}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={sv.posts.lists.rowsPerPage}
        labelDisplayedRows={({ from, to, count }) =>
          format(sv.posts.lists.pageOf, { from, to, count })
        }
      />
    </Stack>
  );
}
