import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, hasCapability, sv } from '@skolportalen/shared';
import { useState, type ReactNode } from 'react';
import { PageHeading } from '@/components/page-heading';
import { useCurrentUser } from '@/lib/current-user';
import { useSchoolUnits } from '@/lib/groups';
import { useMyBrokenLinks, useSchoolBrokenLinks } from '../api/broken-links';
import { BrokenLinkList, groupByOwner } from './broken-link-list';

const t = sv.brokenLinks;

function Pager({
  total,
  page,
  perPage,
  onPage,
  onPerPage,
}: {
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  if (total <= perPage) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={perPage}
      rowsPerPageOptions={[10, 25, 50]}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onPerPage(Number(event.target.value))}
      labelRowsPerPage={sv.posts.lists.rowsPerPage}
      labelDisplayedRows={({ from, to, count }) =>
        format(sv.posts.lists.pageOf, { from, to, count })
      }
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography component="h2" variant="h5">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** The signed-in person's own broken links. */
function MyLinks() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const mine = useMyBrokenLinks(page, perPage);
  return (
    <Section title={t.mine}>
      {mine.isFetching ? <LinearProgress aria-hidden /> : null}
      {mine.data ? (
        mine.data.items.length === 0 ? (
          <Typography>{t.mineEmpty}</Typography>
        ) : (
          <>
            <BrokenLinkList items={mine.data.items} label={t.mine} />
            <Pager
              total={mine.data.total}
              page={page}
              perPage={perPage}
              onPage={setPage}
              onPerPage={(next) => {
                setPerPage(next);
                setPage(1);
              }}
            />
          </>
        )
      ) : null}
    </Section>
  );
}

/** A school's broken links by owner: every school for administrators, her own for a rektor. */
function SchoolLinks({
  everySchool,
  ownSchools,
}: {
  everySchool: boolean;
  ownSchools: { id: number; name: string }[];
}) {
  const allSchools = useSchoolUnits();
  const schools = everySchool ? (allSchools.data ?? []) : ownSchools;
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const links = useSchoolBrokenLinks(schoolId, page, perPage, true);
  return (
    <Section title={t.perOwner}>
      <Typography>{t.perOwnerIntro}</Typography>
      <TextField
        select
        label={t.school}
        value={schoolId === null ? '' : String(schoolId)}
        onChange={(event) => {
          setSchoolId(event.target.value === '' ? null : Number(event.target.value));
          setPage(1);
        }}
        sx={{ maxWidth: 420 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t.allSchools}</MenuItem>
        {schools.map((school) => (
          <MenuItem key={school.id} value={String(school.id)}>
            {school.name}
          </MenuItem>
        ))}
      </TextField>
      {links.isFetching ? <LinearProgress aria-hidden /> : null}
      {links.isError ? <Alert severity="warning">{links.error.message}</Alert> : null}
      {links.data ? (
        links.data.items.length === 0 ? (
          <Typography>{t.perOwnerEmpty}</Typography>
        ) : (
          <>
            {groupByOwner(links.data.items).map((group) => (
              <Stack key={group.key} spacing={0.5}>
                <Typography component="h3" variant="h6">
                  {group.name}
                </Typography>
                <BrokenLinkList items={group.items} label={`${t.columns.owner}: ${group.name}`} />
              </Stack>
            ))}
            <Pager
              total={links.data.total}
              page={page}
              perPage={perPage}
              onPage={setPage}
              onPerPage={(next) => {
                setPerPage(next);
                setPage(1);
              }}
            />
          </>
        )
      ) : null}
    </Section>
  );
}

/**
 * /profile/broken-links, "Trasiga länkar" (decision 0046): the links of
 * published posts that the nightly check found broken — one's own, and for
 * administrators and rektors a school's, by owner. The server decides what
 * each sees.
 */
export default function BrokenLinksRoute() {
  const { data: user } = useCurrentUser();
  const everySchool = user
    ? user.isAdmin && hasCapability(user.capabilities, 'manage_content_reviews')
    : false;
  const ownSchools = (user?.groups ?? []).filter((group) => group.type === 'Skolenhet');
  return (
    <Stack spacing={3}>
      <div>
        <PageHeading>{t.title}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      <MyLinks />
      {everySchool || user?.isSchoolResponsible ? (
        <SchoolLinks everySchool={everySchool} ownSchools={ownSchools} />
      ) : null}
    </Stack>
  );
}
