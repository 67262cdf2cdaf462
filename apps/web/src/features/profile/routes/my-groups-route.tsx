import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv, type NodeResponse } from '@skolportalen/shared';
import { GroupList } from '@/components/group-list';
import { PageHeading } from '@/components/page-heading';
import { useCurrentUser } from '@/lib/current-user';

const t = sv.toolsAndProfile.myGroups;

function Section({ title, groups }: { title: string; groups: readonly NodeResponse[] }) {
  const id = `my-groups-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {groups.length ? <GroupList groups={groups} /> : <Typography>{t.none}</Typography>}
      </CardContent>
    </Card>
  );
}

/** `/profile/my-groups` (teachers): their classes and teaching groups. */
export default function MyGroupsRoute() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const of = (type: string) => user.groups.filter((group) => group.type === type);
  const others = user.groups.filter(
    (group) => !['Klass', 'Undervisning', 'Skolenhet'].includes(group.type),
  );
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <div>
        <PageHeading>{sv.pageTitles.myGroups}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      <Section title={t.classes} groups={of('Klass')} />
      <Section title={t.teachingGroups} groups={of('Undervisning')} />
      {others.length ? <Section title={t.otherGroups} groups={others} /> : null}
    </Stack>
  );
}
