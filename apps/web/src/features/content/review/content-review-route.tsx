import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { format, sv, type ReviewList, type ReviewListItem } from '@skolportalen/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useReviewList, useReviewSchools } from '../api/reviews';
import { longDate } from '../components/dates';

const t = sv.reviews.dashboard;
const lists: readonly ReviewList[] = ['due', 'overdue', 'unowned'];

function ownerText(item: ReviewListItem) {
  if (!item.owner) return t.noOwner;
  return item.ownerActive ? item.owner.name : format(t.inactiveOwner, { name: item.owner.name });
}

function whenText(item: ReviewListItem) {
  if (item.daysLeft === null) return '';
  if (item.daysLeft === 0) return t.today;
  if (item.daysLeft === 1) return t.dayLeft;
  if (item.daysLeft === -1) return t.dayLate;
  return item.daysLeft > 0
    ? format(t.daysLeft, { n: item.daysLeft })
    : format(t.daysLate, { n: -item.daysLeft });
}

/**
 * /profile/content-review, "Innehåll att granska" (decision 0045): a school's
 * pages and news due for review, overdue, or without an owner — for the
 * school's rektor and for administrators, who choose among every school.
 */
export default function ContentReviewRoute() {
  const schools = useReviewSchools();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [list, setList] = useState<ReviewList>('due');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const schoolId = chosen ?? schools.data?.[0]?.id;
  const school = schools.data?.find((row) => row.id === schoolId);
  const rows = useReviewList(schoolId, list, page, perPage);
  const labels: Record<ReviewList, string> = { due: t.due, overdue: t.overdue, unowned: t.unowned };

  return (
    <Stack spacing={2}>
      <div>
        <PageHeading>{t.title}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      {schools.isError ? <Alert severity="warning">{t.failed}</Alert> : null}
      {schools.data && schools.data.length === 0 ? <Typography>{t.noSchools}</Typography> : null}
      {schools.data && schools.data.length > 1 ? (
        <FormControl sx={{ maxWidth: 420 }}>
          <InputLabel id="review-school-label">{t.school}</InputLabel>
          <Select
            labelId="review-school-label"
            label={t.school}
            value={schoolId ?? ''}
            onChange={(event) => {
              setChosen(Number(event.target.value));
              setPage(1);
            }}
          >
            {schools.data.map((row) => (
              <MenuItem key={row.id} value={row.id}>
                {row.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      ) : school ? (
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {school.name}
        </Typography>
      ) : null}
      {school ? (
        <>
          <Tabs
            value={list}
            onChange={(_event, next: ReviewList) => {
              setList(next);
              setPage(1);
            }}
            aria-label={t.lists}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {lists.map((key) => (
              <Tab
                key={key}
                value={key}
                id={`review-tab-${key}`}
                aria-controls="review-panel"
                label={format(t.count, { label: labels[key], n: school[key] })}
              />
            ))}
          </Tabs>
          <div role="tabpanel" id="review-panel" aria-labelledby={`review-tab-${list}`}>
            {rows.isFetching ? <LinearProgress aria-hidden /> : null}
            {rows.isError ? <Alert severity="warning">{t.failed}</Alert> : null}
            {rows.data && rows.data.items.length === 0 ? (
              <Typography sx={{ py: 2 }}>{t.none}</Typography>
            ) : null}
            {rows.data && rows.data.items.length > 0 ? (
              <>
                <TableContainer>
                  <Table size="small" aria-label={labels[list]}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t.postTitle}</TableCell>
                        <TableCell>{t.owner}</TableCell>
                        <TableCell>{t.reviewDate}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rows.data.items.map((item) => (
                        <TableRow key={item.id}>
                          <TableCell>
                            <Link
                              component={RouterLink}
                              to={paths.createContent.href(item.id)}
                              aria-label={format(t.edit, { title: item.title })}
                            >
                              {item.title}
                            </Link>
                            <Typography variant="body2" color="text.secondary">
                              {sv.content.types[item.type]}
                            </Typography>
                          </TableCell>
                          <TableCell>{ownerText(item)}</TableCell>
                          <TableCell>
                            {item.reviewDate ? longDate(item.reviewDate) : ''}
                            <Typography variant="body2" color="text.secondary">
                              {whenText(item)}
                            </Typography>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
                {rows.data.total > perPage ? (
                  <TablePagination
                    component="div"
                    count={rows.data.total}
                    page={Math.max(0, page - 1)}
                    rowsPerPage={perPage}
                    rowsPerPageOptions={[10, 25, 50]}
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
                ) : null}
              </>
            ) : null}
          </div>
        </>
      ) : null}
    </Stack>
  );
}
